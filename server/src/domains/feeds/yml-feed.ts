// The feed as served: built when asked for and the catalogue changed since the last build (any instance,
// any write path: the public-data notifications), or when the last build is older than a minute (prices
// that follow the clock: a cart rule's dates). The text streams into a hash and into gzip and brotli as it is
// written, so a catalogue of any size is compressed once per build and never held whole in memory.
//
// An unchanged catalogue keeps its build: the same bytes, the same ETag and the same `date`, so Market's
// robot gets 304; the date moves on (a new ETag) once a day, as Market refuses a file older than 10 days.
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import {
  constants as zlib,
  createBrotliCompress,
  createGzip,
  type Gzip,
  type BrotliCompress,
} from 'node:zlib';
import type { Db } from '../../platform/db';
import type { PublicData } from '../../platform/web/public-data';
import { sanitizeHtml } from '../../platform/web/sanitize-html';
import { loadCatalogPricing, shownPrice, type CatalogPricing } from '../catalog';
import { ymlHead, writeYmlBody, type FeedShop, type FeedSummary } from './yml-build';
import { readProductPage, readReference, type FeedProduct } from './yml-data';

/** What the feed shows comes from these tables; a change of any other leaves the build as it is. */
export const FEED_TABLES = [
  'products',
  'product_offers',
  'product_categories',
  'directories',
  'directory_entries',
  'cart_rules',
  'settings',
] as const;

export interface FeedBuild extends FeedSummary {
  /** The document's `date`: when this content was first built (or its date last renewed). */
  date: Date;
  /** When the catalogue was last read and found to give this content. */
  checkedAt: Date;
  origin: string;
  /** Weak: the same feed under every encoding. */
  etag: string;
  /** The document's size, and compressed. */
  bytes: number;
  gzip: Buffer;
  br: Buffer;
  /** How long the last reading and writing took. */
  buildMs: number;
  /** Hash of everything but the date. */
  bodyHash: string;
}

export interface FeedOptions {
  /** The oldest a build is served without reading the catalogue again (prices that follow the clock). */
  maxAgeMs?: number;
  /** An unchanged feed gets a new `date` this often. */
  renewDateMs?: number;
  now?: () => Date;
}

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

export class YmlFeed {
  private current: FeedBuild | null = null;
  private building: Promise<FeedBuild> | null = null;
  /** Bumped by every change of a feed table: a build begun before one is stale when it ends. */
  private generation = 0;
  private builtGeneration = -1;
  private readonly maxAgeMs: number;
  private readonly renewDateMs: number;
  private readonly now: () => Date;
  private readonly unsubscribe: () => void;

  constructor(
    private readonly db: Db,
    publicData: PublicData,
    private readonly shopOf: () => Promise<Omit<FeedShop, 'url'>>,
    options: FeedOptions = {},
  ) {
    this.maxAgeMs = options.maxAgeMs ?? MINUTE;
    this.renewDateMs = options.renewDateMs ?? DAY;
    this.now = options.now ?? (() => new Date());
    const tables: readonly string[] = FEED_TABLES;
    this.unsubscribe = publicData.onChange((table) => {
      if (table === null || tables.includes(table)) this.generation++;
    });
  }

  stop(): void {
    this.unsubscribe();
  }

  /** The last build, without building (the admin's page before anyone asked). */
  last(): FeedBuild | null {
    return this.current;
  }

  /** The feed for this origin, built again first when the catalogue changed or the build is old. */
  async get(origin: string): Promise<FeedBuild> {
    const kept = this.current;
    const fresh =
      kept &&
      kept.origin === origin &&
      this.builtGeneration === this.generation &&
      this.now().getTime() - kept.checkedAt.getTime() < this.maxAgeMs;
    if (fresh) return kept;
    // One build at a time: whoever asks meanwhile gets that one.
    this.building ??= this.build(origin).finally(() => {
      this.building = null;
    });
    return this.building;
  }

  private async build(origin: string): Promise<FeedBuild> {
    const generation = this.generation;
    const started = performance.now();
    const date = this.now();
    const [shop, reference, pricing] = await Promise.all([
      this.shopOf(),
      readReference(this.db),
      loadCatalogPricing(this.db, null, date),
    ]);
    const hash = createHash('sha256');
    const gzip = createGzip({ level: 6 });
    const br = createBrotliCompress({ params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } });
    const gzipOut = collect(gzip);
    const brOut = collect(br);
    let bytes = 0;
    // The compressors work on one page (in libuv's threads) while the next page is read and written.
    let compressing: Promise<unknown> = Promise.resolve();
    const write = async (text: string, hashed = true) => {
      if (!text) return;
      const chunk = Buffer.from(text, 'utf8');
      bytes += chunk.length;
      if (hashed) hash.update(chunk);
      await compressing;
      compressing = Promise.all([push(gzip, chunk), push(br, chunk)]);
      // Awaited by the next write; a failure meanwhile must not count as unhandled.
      compressing.catch(() => undefined);
    };
    let summary: FeedSummary;
    let gz: Buffer;
    let brotli: Buffer;
    try {
      await write(ymlHead(date), false);
      summary = await writeYmlBody(
        {
          shop: { ...shop, url: origin },
          reference,
          products: this.productPages(),
          priceOf: guestPrices(pricing),
          cleanHtml: sanitizeHtml,
        },
        write,
      );
      await compressing;
      gzip.end();
      br.end();
      [gz, brotli] = await Promise.all([gzipOut, brOut]);
    } catch (error) {
      gzip.destroy();
      br.destroy();
      throw error;
    }
    const bodyHash = hash.digest('base64url');
    const checkedAt = this.now();
    const kept = this.current;
    const same =
      kept &&
      kept.origin === origin &&
      kept.bodyHash === bodyHash &&
      checkedAt.getTime() - kept.date.getTime() < this.renewDateMs;
    const build: FeedBuild = same
      ? // The same document (its bytes, ETag and date kept); what was left out may differ, as a product left
        // out changes nothing in it.
        { ...kept, ...summary, checkedAt, buildMs: performance.now() - started }
      : {
          ...summary,
          date,
          checkedAt,
          origin,
          etag: `W/"${bodyHash.slice(0, 22)}-${date.getTime().toString(36)}"`,
          bytes,
          gzip: gz,
          br: brotli,
          buildMs: performance.now() - started,
          bodyHash,
        };
    this.current = build;
    this.builtGeneration = generation;
    return build;
  }

  /** The products a page at a time, the next page read while the caller writes this one. */
  private async *productPages(): AsyncIterable<FeedProduct[]> {
    let next = readProductPage(this.db, 0);
    for (;;) {
      const page = await next;
      if (!page.length) return;
      next = readProductPage(this.db, page.at(-1)!.id);
      // Awaited on the next turn; a build that fails meanwhile must not leave it unhandled.
      next.catch(() => undefined);
      yield page;
    }
  }
}

/** A guest's prices as the catalogue shows them (its pricing engine): the price to pay and the one struck through. */
function guestPrices(pricing: CatalogPricing) {
  return (product: FeedProduct, offer: FeedProduct['offers'][number]) => {
    const shown = shownPrice(pricing, {
      offerId: offer.id,
      productId: product.id,
      categoryIds: product.pricingCategoryIds,
      basePrice: offer.basePrice,
      salePrice: offer.salePrice,
    });
    return { price: shown.salePrice, oldPrice: shown.basePrice };
  };
}

async function push(stream: Gzip | BrotliCompress, chunk: Buffer): Promise<void> {
  if (!stream.write(chunk)) await once(stream, 'drain');
}

function collect(stream: Gzip | BrotliCompress): Promise<Buffer> {
  const parts: Buffer[] = [];
  stream.on('data', (part: Buffer) => parts.push(part));
  return once(stream, 'end').then(() => Buffer.concat(parts));
}
