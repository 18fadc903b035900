// The catalogue read model of one process, kept in step with PostgreSQL. Every write that changes what it
// keeps goes through the catalogue's triggers (migration 0023: catalog_refresh NOTIFYs the product ids on
// CATALOG_CHANNEL once the transaction commits), whatever wrote it: the admin, the CSV import, an order
// taking the last unit. Every pooled connection hears its own writes before they return (db/index.ts), so a
// request that follows a write in this process waits for the change to be read (`ready`); other instances hear
// it on their listening connection a moment later. A lost listening connection, a truncate or a change of
// more products than a notification holds (about 700) say "everything": the model is built again (seconds at 100 000 products).
import type { Database } from '../../../platform/db';
import type { PublicData } from '../../../platform/web/public-data';
import { parseProductFilters, type ProductFilters } from '../product-filters';
import { CatalogIndex } from './catalog-index';
import { categoryIdsOf, loadAllProducts, loadProducts, loadReferenceData, type ReferenceData } from './load';
import { compile, type Compiled } from './queries';
import { memorySearch, searchSlots, type MemorySearch, type SearchReading } from './search';
import { keptSearchReadings, readSearch } from '../search/readings';

export const CATALOG_CHANNEL = 'shop_catalog';

/** Tables whose change alters the reference data (categories, filter directories and their entries). */
const REFERENCE_TABLES = new Set(['product_categories', 'directories', 'directory_entries']);

export interface ReadModelStats {
  products: number;
  /** Bytes of the typed arrays (docs/performance.md has the process's whole growth). */
  bytes: number;
  builds: number;
  /** Products read back one by one after a write. */
  refreshed: number;
}

export class CatalogReadModel {
  private index: CatalogIndex | null = null;
  private ref: ReferenceData | null = null;
  /** Products changed since the model last read them, or 'all'. */
  private pending: Set<number> | 'all' = 'all';
  private refStale = true;
  private work: Promise<void> | null = null;
  private readonly counts = { builds: 0, refreshed: 0 };
  private stopListening: (() => Promise<void>) | null = null;
  /** What PostgreSQL makes of a search text, kept per text (search/readings.ts). */
  private readings = (text: string) => readSearch(this.database.db, text);

  constructor(private readonly database: Database) {}

  /** Starts listening (before the first build, so that no change falls between). */
  async start(publicData: PublicData): Promise<void> {
    this.readings = keptSearchReadings(this.database.db, publicData);
    this.stopListening = await this.database.listen(CATALOG_CHANNEL, (payload) => this.changed(payload));
    publicData.onChange((table) => {
      if (table === null || REFERENCE_TABLES.has(table)) this.refStale = true;
      // A lost connection may have lost the catalogue's notifications too.
      if (table === null) this.pending = 'all';
    });
  }

  async stop(): Promise<void> {
    await this.stopListening?.();
  }

  /** A notification's payload: product ids separated by commas, '*' (or null) for anything. */
  changed(payload: string | null): void {
    if (this.pending === 'all') return;
    if (payload === null || payload === '*') {
      this.pending = 'all';
      return;
    }
    for (const part of payload.split(',')) {
      const id = Number(part);
      if (Number.isSafeInteger(id) && id > 0) this.pending.add(id);
    }
  }

  /** The model with every change heard so far applied. */
  async ready(): Promise<{ index: CatalogIndex; ref: ReferenceData }> {
    while (this.refStale || this.pending === 'all' || this.pending.size > 0 || !this.index) {
      // One catch-up at a time: whoever comes meanwhile waits for it, then looks again.
      this.work ??= this.catchUp().finally(() => (this.work = null));
      await this.work;
    }
    return { index: this.index, ref: this.ref! };
  }

  /**
   * A listing query's filters (product-filters.ts) resolved against the model: the category's ids, the chosen
   * values' sets, and a search text's matches. The model answers a text whose words it holds (`search`); for
   * one it does not (a word found only in descriptions), `search` is null and `sqlMatches`, when given, reads
   * the matches' ids from PostgreSQL (query.ts), else the caller searches there itself (`reading`).
   */
  async filters(
    query: Record<string, unknown>,
    sqlMatches?: (text: string) => Promise<number[]>,
  ): Promise<{
    index: CatalogIndex;
    ref: ReferenceData;
    f: ProductFilters;
    compiled: Compiled;
    reading: SearchReading | null;
    search: MemorySearch | null;
  }> {
    const parsed = parseProductFilters(query);
    const reading = parsed.search ? await this.readings(parsed.search) : null;
    const search = reading && memorySearch(reading);
    const fromSql = reading && !search && sqlMatches ? await sqlMatches(parsed.search) : undefined;
    const { index, ref } = await this.ready();
    const f = parsed.categorySlug
      ? { ...parsed, categoryIds: categoryIdsOf(ref, parsed.categorySlug) }
      : parsed;
    const compiled = compile(index, {
      f,
      dirs: ref.dirs,
      brandIds: (directoryId, code) => ref.brandEntryIds.get(`${directoryId}:${code}`),
      searchIds: search ? searchSlots(index, ref, search) : fromSql,
    });
    return { index, ref, f, compiled, reading, search };
  }

  stats(): ReadModelStats {
    return {
      products: this.index?.slotOf.size ?? 0,
      bytes: this.index?.bytes() ?? 0,
      ...this.counts,
    };
  }

  private async catchUp(): Promise<void> {
    const db = this.database.db;
    if (this.refStale) {
      this.refStale = false;
      try {
        this.ref = await loadReferenceData(db);
      } catch (e) {
        this.refStale = true;
        throw e;
      }
    }
    const pending = this.pending;
    if (pending === 'all' || !this.index) {
      this.pending = new Set();
      const index = new CatalogIndex();
      try {
        await loadAllProducts(db, (p) => index.put(p.id, p));
      } catch (e) {
        this.pending = 'all';
        throw e;
      }
      // What changed during the build may or may not be in it: read again (idempotent).
      this.index = index;
      this.counts.builds++;
      return;
    }
    if (pending.size === 0) return;
    this.pending = new Set();
    const ids = [...pending];
    let fresh;
    try {
      fresh = await loadProducts(db, ids);
    } catch (e) {
      const now = this.pending as Set<number> | 'all';
      if (now !== 'all') for (const id of ids) now.add(id);
      throw e;
    }
    for (const id of ids) this.index.put(id, fresh.get(id) ?? null);
    this.counts.refreshed += ids.length;
  }
}
