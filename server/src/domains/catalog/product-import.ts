// CSV import of products with their offers: one row per offer, the product's columns repeated (or left
// empty) on its further rows. `analyseImport` checks every row (columns, numbers, references to categories
// and directory entries, the fields and rows the importer's role may write, then the product input with the
// schema's own ajv validator) and plans a create or an update per product (by slug; offers by article).
// `writeImport` writes the plan in one transaction through the CRUD service (access, hooks, history), and
// only when no row has an error.
import type { ProductImportReport, ProductImportRow } from '@shop/schemas';
import { getTableColumns, inArray } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { productCategories, productOffers, products } from '../../../generated/tables';
import type { Db, DbOrTx } from '../../platform/db';
import { ApiError } from '../../platform/http/errors';
import { assertValid } from '../../platform/http/validation';
import { cellValue, CsvFormatError, parseCsv } from '../../platform/crud/csv';
import { directoryEntriesOf, norm, offerDirectories, productCsvColumns, roublesText } from './csv-products';
import { sameValue } from '../../platform/crud/same-value';
import {
  getRecord,
  getRecords,
  getRecordsSeen,
  permittedBody,
  writeRecords,
} from '../../platform/crud/service';
import { type CrudContext, type Role, SYSTEM } from '../../platform/crud/types';

const PRODUCT_COLUMNS: string[] = ['title', 'categories', 'brand', 'active', 'isNew', 'isHit'];

/** The report's shape is schemas/api/product-import-report.schema.json, shared with the admin's dialog. */
export type ImportReport = ProductImportReport;
export type ImportRowReport = ProductImportRow;

export interface OfferChange {
  article: string;
  values: Record<string, unknown>;
}

/** The progress of a check: the file's row count once it is read, then the rows checked so far. */
export interface AnalysisHooks {
  onStart?(rows: number): Promise<void>;
  onProgress?(rowsDone: number): void;
}

export interface PlannedProduct {
  existingId: number | null;
  body: Record<string, unknown>;
  /**
   * A stored product's offers that change: per article the changed values only (a new offer: all of it).
   * writeImport lays them over the offers as they are when it writes, so that what changed since the check
   * (stock an order took) is kept.
   */
  offerChanges?: OfferChange[];
}

function parseFlag(v: string): boolean | null | undefined {
  const t = norm(v);
  if (t === '') return undefined;
  if (['да', '1', 'true', 'yes', '+'].includes(t)) return true;
  if (['нет', '0', 'false', 'no', '-'].includes(t)) return false;
  return null;
}

function parseRoubles(v: string): number | null | undefined {
  const t = v.replace(/[\s\u00a0\u202f₽]/g, '').replace(/(руб\.?|р\.)$/i, '');
  if (t === '') return undefined;
  const m = /^(\d+)(?:[.,](\d{1,2}))?$/.exec(t);
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '0').padEnd(2, '0'));
}

function parseCount(v: string): number | null | undefined {
  const t = v.replace(/[\s\u00a0]/g, '');
  if (t === '') return undefined;
  return /^\d{1,9}$/.test(t) ? Number(t) : null;
}

async function references(db: Db) {
  const brands = await directoryEntriesOf(db, 'brand');
  const cats = await db
    .select({ id: productCategories.id, slug: productCategories.slug })
    .from(productCategories);
  // An attribute's value by its entry's code or title, any case: the code is what is stored. Codes are
  // set last, so that a code wins over another entry's title that reads the same.
  const attributes = new Map(
    (await offerDirectories(db)).map((d) => [
      d.code,
      new Map([
        ...d.entries.map((e) => [norm(e.title), e.code] as const),
        ...d.entries.map((e) => [norm(e.code), e.code] as const),
      ]),
    ]),
  );
  const attributeTitles = new Map(
    (await offerDirectories(db)).map((d) => [
      d.code,
      { title: d.title, entries: new Map(d.entries.map((e) => [e.code, e.title])) },
    ]),
  );
  return {
    categories: new Map(cats.map((c) => [norm(c.slug), c.id])),
    categorySlugs: new Map(cats.map((c) => [c.id, c.slug])),
    brands,
    attributes,
    attributeTitles,
  };
}

type References = Awaited<ReturnType<typeof references>>;

const OFFER_COUNTS = {
  basePrice: 'prices',
  salePrice: 'prices',
  stock: 'stock',
  weight: 'offerFields',
} as const;

/** A cell's value in a change's words: a dash for none. */
const shown = (v: unknown) =>
  typeof v === 'string' || typeof v === 'number' ? (v === '' ? '—' : String(v)) : '—';

/**
 * What a stored product's rows change: the product's own fields that differ, its offers with the file's
 * values over the stored ones (new offers appended), each row's changes in words and the counts of the
 * report. A value equal to the stored one is no change.
 */
function changesOf(
  stored: Record<string, unknown>,
  product: Record<string, unknown>,
  group: { r: ImportRowReport; offer: Record<string, unknown> }[],
  headerOf: (code: string) => string,
  refs: References,
) {
  const counts = { prices: 0, stock: 0, offerFields: 0, newOffers: 0, productFields: 0 };
  const first = group[0]!.r;
  const productFields: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(product)) {
    // Categories are a set: the same ones in another order are no change.
    const sorted = (x: unknown) =>
      k === 'categoryIds' && Array.isArray(x) ? [...(x as number[])].sort() : x;
    if (sameValue(sorted(v), sorted(stored[k]))) continue;
    productFields[k] = v;
    const column = k === 'categoryIds' ? 'categories' : k === 'brandId' ? 'brand' : k;
    const named = (x: unknown): string => {
      if (typeof x === 'boolean') return x ? 'да' : 'нет';
      if (k === 'categoryIds')
        return shown(((x as number[] | null) ?? []).map((id) => refs.categorySlugs.get(id) ?? id).join(', '));
      if (k === 'brandId') return shown(refs.brands.find((b) => b.id === x)?.title);
      return shown(x);
    };
    const text = `${named(stored[k])} → ${named(v)}`;
    first.changes.push(`${headerOf(column)}: ${text}`);
  }
  if (Object.keys(productFields).length) counts.productFields = 1;
  const offers = (stored.offers as Record<string, unknown>[]).map((o) => ({ ...o }));
  const offerChanges: OfferChange[] = [];
  let offersChanged = false;
  for (const { r, offer } of group) {
    const same = offers.find((o) => o.article === r.article);
    if (!same) {
      offers.push(offer);
      offerChanges.push({ article: r.article, values: offer });
      offersChanged = true;
      r.action = 'create';
      counts.newOffers++;
      r.changes.push('Новый вариант');
      continue;
    }
    const counted = new Set<string>();
    const values: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(offer)) {
      if (k === 'article' || k === 'attributes' || sameValue(v, same[k])) continue;
      const money = k === 'basePrice' || k === 'salePrice';
      const text = (x: unknown) => (money && typeof x === 'number' ? roublesText(x) : shown(x));
      r.changes.push(`${headerOf(k)}: ${text(same[k])} → ${text(v)}`);
      same[k] = v;
      values[k] = v;
      counted.add(OFFER_COUNTS[k as keyof typeof OFFER_COUNTS] ?? 'offerFields');
    }
    const before = (same.attributes ?? {}) as Record<string, string>;
    const attributes = { ...before, ...(offer.attributes as Record<string, string>) };
    for (const [code, value] of Object.entries(attributes)) {
      if (before[code] === value) continue;
      const dir = refs.attributeTitles.get(code);
      const title = (c: string | undefined) => (c === undefined ? '—' : (dir?.entries.get(c) ?? c));
      r.changes.push(`${dir?.title ?? code}: ${title(before[code])} → ${title(value)}`);
      counted.add('offerFields');
      values.attributes = offer.attributes;
    }
    same.attributes = attributes;
    if (counted.size) offerChanges.push({ article: r.article, values });
    for (const k of counted) counts[k as keyof typeof counts]++;
    if (counted.size) offersChanged = true;
  }
  for (const { r } of group) if (r.changes.length && r.action !== 'create') r.action = 'update';
  return {
    changed: offersChanged || counts.productFields > 0,
    productFields,
    offers,
    offerChanges,
    offersChanged,
    counts,
  };
}

/** Checks a file and plans the writes; nothing is written. */
export async function analyseImport(
  ctx: CrudContext,
  csv: string,
  hooks: AnalysisHooks = {},
): Promise<{ report: ImportReport; plan: PlannedProduct[] }> {
  const { db, def } = ctx;
  const report: ImportReport = {
    valid: false,
    errors: [],
    rows: [],
    products: { create: 0, update: 0, unchanged: 0 },
    offers: 0,
    changes: { prices: 0, stock: 0, offerFields: 0, newOffers: 0, productFields: 0 },
  };
  let table: string[][];
  try {
    table = parseCsv(csv);
  } catch (e) {
    if (!(e instanceof CsvFormatError)) throw e;
    report.errors.push(e.message);
    return { report, plan: [] };
  }
  if (table.length < 2) {
    report.errors.push('Файл пуст: нужна строка заголовков и хотя бы одна строка с вариантом товара');
    return { report, plan: [] };
  }
  const columns = await productCsvColumns(db);
  const headerOf = (c: string) => columns.find((x) => x.code === c)?.header ?? c;
  const index = new Map<string, number>();
  for (const [i, raw] of table[0]!.entries()) {
    const h = norm(raw);
    if (h === '') continue;
    const col = columns.find((c) => norm(c.header) === h || norm(c.code) === h);
    if (!col) report.errors.push(`Неизвестная колонка «${raw.trim()}»`);
    else if (index.has(col.code)) report.errors.push(`Колонка «${col.header}» указана дважды`);
    else index.set(col.code, i);
  }
  for (const c of ['slug', 'article', 'basePrice'])
    if (!index.has(c)) report.errors.push(`Нет обязательной колонки «${headerOf(c)}»`);
  if (report.errors.length) return { report, plan: [] };

  const refs = await references(db);
  const rows = table.slice(1).map((cells, i) => {
    const get = (c: string) => (index.has(c) ? cellValue(cells[index.get(c)!] ?? '').trim() : '');
    const r: ImportRowReport = {
      line: i + 2,
      slug: get('slug'),
      article: get('article'),
      action: 'create',
      errors: [],
      changes: [],
    };
    return { r, get };
  });
  const slugs = [...new Set(rows.map((x) => x.r.slug).filter(Boolean))];
  const articles = [...new Set(rows.map((x) => x.r.article).filter(Boolean))];
  const cols = getTableColumns(products) as Record<string, PgColumn>;
  const existing = slugs.length
    ? ((await db
        .select({ id: cols.id!, slug: cols.slug! })
        .from(products)
        .where(inArray(cols.slug!, slugs))) as {
        id: number;
        slug: string;
      }[])
    : [];
  const productBySlug = new Map(existing.map((p) => [p.slug, p.id]));
  const offerOwners = articles.length
    ? await db
        .select({ article: productOffers.article, productId: productOffers.productId })
        .from(productOffers)
        .where(inArray(productOffers.article, articles))
    : [];
  const ownerOf = new Map(offerOwners.map((o) => [o.article, o.productId]));

  // Cell by cell: each row's own values and reference checks.
  const seenArticles = new Map<string, number>();
  const parsed = rows.map(({ r, get }) => {
    report.rows.push(r);
    const err = (c: string, text: string) => r.errors.push(`«${headerOf(c)}»: ${text}`);
    if (!r.slug) err('slug', 'обязательное поле');
    if (!r.article) err('article', 'обязательное поле');
    else if (seenArticles.has(r.article)) err('article', `повторяет строку ${seenArticles.get(r.article)}`);
    else seenArticles.set(r.article, r.line);
    const owner = ownerOf.get(r.article);
    const productId = productBySlug.get(r.slug) ?? null;
    if (owner !== undefined && owner !== productId)
      err('article', `«${r.article}» уже принадлежит другому товару (№${owner})`);
    r.action = productId ? 'unchanged' : 'create';
    const product: Record<string, unknown> = {};
    if (get('title')) product.title = get('title');
    if (get('categories')) {
      const ids: number[] = [];
      for (const slug of get('categories')
        .split(/[,|]/)
        .map((s) => s.trim())
        .filter(Boolean)) {
        const id = refs.categories.get(norm(slug));
        if (id === undefined) err('categories', `категория «${slug}» не найдена`);
        else if (!ids.includes(id)) ids.push(id);
      }
      product.categoryIds = ids;
    }
    if (get('brand')) {
      const b = refs.brands.find(
        (e) => norm(e.code) === norm(get('brand')) || norm(e.title) === norm(get('brand')),
      );
      if (!b) err('brand', `бренд «${get('brand')}» не найден в справочнике`);
      else product.brandId = b.id;
    }
    for (const c of ['active', 'isNew', 'isHit'] as const) {
      const v = parseFlag(get(c));
      if (v === null) err(c, 'ожидается «да» или «нет»');
      else if (v !== undefined) product[c] = v;
    }
    const offer: Record<string, unknown> = { article: r.article };
    const attributes: Record<string, string> = {};
    for (const c of columns.filter((x) => x.directory)) {
      const v = get(c.code);
      if (!v) continue;
      const code = refs.attributes.get(c.code)?.get(norm(v));
      if (code === undefined) err(c.code, `значения «${v}» нет в справочнике`);
      else attributes[c.code] = code;
    }
    offer.attributes = attributes;
    for (const c of ['basePrice', 'salePrice'] as const) {
      const v = parseRoubles(get(c));
      if (v === null) err(c, 'ожидается сумма в рублях, например 1290,50');
      else if (v !== undefined) offer[c] = v;
    }
    if (!get('basePrice')) err('basePrice', 'обязательное поле');
    for (const c of ['stock', 'weight'] as const) {
      const v = parseCount(get(c));
      if (v === null) err(c, 'ожидается целое число не меньше 0');
      else if (v !== undefined) offer[c] = v;
    }
    return { r, product, offer, productId };
  });

  // Product by product: the columns agree across its rows, the file is compared with what is stored (only
  // a value that differs is a change), then the schema validates what would be written.
  await hooks.onStart?.(rows.length);
  const storedProducts = await getRecordsSeen(ctx, [...new Set(existing.map((p) => p.id))]);
  const plan: PlannedProduct[] = [];
  let rowsDone = 0;
  for (const slug of slugs) {
    const group = parsed.filter((p) => p.r.slug === slug);
    rowsDone += group.length;
    hooks.onProgress?.(rowsDone);
    const first = group[0]!;
    const product: Record<string, unknown> = {};
    for (const p of group) {
      for (const [k, v] of Object.entries(p.product)) {
        if (!(k in product)) product[k] = v;
        else if (JSON.stringify(product[k]) !== JSON.stringify(v)) {
          const col = PRODUCT_COLUMNS.find(
            (c) =>
              c === k || (c === 'categories' && k === 'categoryIds') || (c === 'brand' && k === 'brandId'),
          );
          p.r.errors.push(
            `«${headerOf(col ?? 'title')}»: отличается от строки ${first.r.line} того же товара`,
          );
        }
      }
    }
    let body: Record<string, unknown>;
    let offerChanges: OfferChange[] | undefined;
    const offerRows: ImportRowReport[] = [];
    const stored = first.productId ? storedProducts.get(first.productId) : undefined;
    if (first.productId && !stored) {
      // A product outside the importer's rows is as good as absent to them: getRecord says so.
      try {
        await getRecord(ctx, first.productId);
      } catch (e) {
        if (!(e instanceof ApiError)) throw e;
        first.r.errors.push(e.message);
      }
      continue;
    }
    if (stored) {
      const change = changesOf(stored, product, group, headerOf, refs);
      for (const [k, n] of Object.entries(change.counts))
        report.changes[k as keyof ImportReport['changes']] += n;
      if (!change.changed) {
        report.products.unchanged++;
        continue;
      }
      report.products.update++;
      body = { ...change.productFields };
      if (change.offersChanged) {
        body.offers = change.offers;
        offerChanges = change.offerChanges;
        for (const o of change.offers)
          offerRows.push(group.find((p) => p.r.article === o.article)?.r ?? first.r);
      }
    } else {
      if (ctx.role !== SYSTEM && !def.access.create.includes(ctx.role as Role))
        first.r.errors.push(`Товара «${slug}» нет в каталоге, а добавлять товары вам недоступно`);
      if (!product.title) first.r.errors.push(`«${headerOf('title')}»: обязательно для нового товара`);
      body = { slug, ...product, offers: group.map((p) => p.offer) };
      offerRows.push(...group.map((p) => p.r));
      report.products.create++;
      report.changes.newOffers += group.length;
      for (const p of group) p.r.changes.push(p === first ? 'Новый товар' : 'Новый вариант');
    }
    if (group.some((p) => p.r.errors.length)) continue;
    try {
      // What the service will check when writing (writeImport), reported per row beforehand.
      assertValid(
        stored ? def.schemas.patch : def.schemas.create,
        permittedBody(ctx, body, stored ?? null),
        def.labels,
      );
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      for (const [path, text] of Object.entries(e.fields ?? { _: e.message })) {
        const m = /^offers\.(\d+)\.(.+)$/.exec(path);
        const row = m ? (offerRows[Number(m[1])] ?? first.r) : first.r;
        const label = m ? def.labels[`offers.${m[2]}`] : def.labels[path];
        row.errors.push(label ? `«${label}»: ${text.charAt(0).toLowerCase()}${text.slice(1)}` : text);
      }
      continue;
    }
    plan.push({ existingId: first.productId, body, ...(offerChanges ? { offerChanges } : {}) });
  }
  report.valid = report.rows.every((r) => r.errors.length === 0);
  report.offers = report.rows.length;
  return { report, plan: report.valid ? plan : [] };
}

/**
 * Writes a valid file's plan (only the products with a real change, and of those only what changes) in one
 * transaction, as one write of the CRUD service (writeRecords: access, hooks and history as for a form's
 * save, a few statements per product); any error leaves the catalogue as it was. `finish` runs last inside
 * it, given each planned product's id (a created one's new id): the job that wrote is marked done in the same
 * commit, the 1C exchange (flows/exchange1c) links its goods to the products in it.
 */
export async function writeImport(
  ctx: CrudContext,
  plan: PlannedProduct[],
  hooks: { onProgress?(written: number): void; finish?(tx: DbOrTx, ids: number[]): Promise<void> } = {},
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const inner = { ...ctx, db: tx };
    const ids: number[] = [];
    // In parts, so that a big file reports its progress as it goes.
    for (let at = 0; at < plan.length; at += WRITE_BATCH) {
      const part = plan.slice(at, at + WRITE_BATCH);
      const offers = await offersNow(inner, part);
      const written = await writeRecords(
        inner,
        part.map((p) => ({
          id: p.existingId,
          body: p.offerChanges ? { ...p.body, offers: offers.get(p.existingId!) } : p.body,
        })),
      );
      ids.push(...written.map((r) => r.id as number));
      hooks.onProgress?.(at + part.length);
    }
    await hooks.finish?.(tx, ids);
  });
}

/** Products written by one call of the CRUD service. */
const WRITE_BATCH = 200;

/**
 * The stored products' offers as they are now, locked until the import commits (an order taking stock
 * waits), with the file's changes laid over them: only what the file changes is written, the rest stays as
 * it is now. By product id, for the plan's products whose offers change.
 */
async function offersNow(ctx: CrudContext, plan: PlannedProduct[]) {
  const ids = plan.filter((p) => p.existingId && p.offerChanges).map((p) => p.existingId!);
  const out = new Map<number, Record<string, unknown>[]>();
  if (!ids.length) return out;
  await ctx.db
    .select({ id: productOffers.id })
    .from(productOffers)
    .where(inArray(productOffers.productId, ids))
    .for('update');
  const stored = await getRecords(ctx, ids);
  for (const p of plan) {
    if (!p.existingId || !p.offerChanges) continue;
    const offers = (stored.get(p.existingId)!.offers as Record<string, unknown>[]).map((o) => ({
      ...o,
    }));
    for (const { article, values } of p.offerChanges) {
      const offer = offers.find((o) => o.article === article);
      if (!offer) offers.push(values);
      else
        Object.assign(offer, values, {
          attributes: { ...(offer.attributes as object), ...((values.attributes as object) ?? {}) },
        });
    }
    out.set(p.existingId, offers);
  }
  return out;
}
