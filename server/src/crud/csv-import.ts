// CSV import of products with their offers: one row per offer, the product's columns repeated (or left
// empty) on its further rows. `analyseImport` checks every row (columns, numbers, references to categories
// and directory entries, the fields and rows the importer's role may write, then the product input with the
// schema's own ajv validator) and plans a create or an update per product (by slug; offers by article).
// `writeImport` writes the plan in one transaction through the CRUD service (access, hooks, history), and
// only when no row has an error.
import type { ProductImportReport, ProductImportRow } from '@shop/schemas';
import { getTableColumns, inArray } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { productCategories, productOffers, products } from '../../generated/tables';
import type { Db } from '../db';
import { ApiError } from '../http/errors';
import { assertValid } from '../http/validation';
import { cellValue, CsvFormatError, parseCsv } from './csv';
import { directoryEntriesOf, norm, offerDirectories, productCsvColumns } from './csv-products';
import { createRecord, getRecord, permittedBody, updateRecord } from './service';
import { type CrudContext, type Role, SYSTEM } from './types';

const PRODUCT_COLUMNS: string[] = ['title', 'categories', 'brand', 'active', 'isNew', 'isHit'];

/** The report's shape is schemas/api/product-import-report.schema.json, shared with the admin's dialog. */
export type ImportReport = ProductImportReport;
export type ImportRowReport = ProductImportRow;

export interface PlannedProduct {
  existingId: number | null;
  body: Record<string, unknown>;
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
  return { categories: new Map(cats.map((c) => [norm(c.slug), c.id])), brands, attributes };
}

/** Checks a file and plans the writes; nothing is written. */
export async function analyseImport(
  ctx: CrudContext,
  csv: string,
): Promise<{ report: ImportReport; plan: PlannedProduct[] }> {
  const { db, def } = ctx;
  const report: ImportReport = {
    valid: false,
    errors: [],
    rows: [],
    products: { create: 0, update: 0 },
    offers: 0,
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
    r.action = productId ? 'update' : 'create';
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

  // Product by product: the columns agree across its rows, then the schema validates the whole input.
  const plan: PlannedProduct[] = [];
  for (const slug of slugs) {
    const group = parsed.filter((p) => p.r.slug === slug);
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
    const offerRows: ImportRowReport[] = [];
    let stored: Record<string, unknown> | null = null;
    try {
      if (first.productId) stored = await getRecord(ctx, first.productId);
    } catch (e) {
      // A product outside the importer's rows is as good as absent to them.
      if (!(e instanceof ApiError)) throw e;
      first.r.errors.push(e.message);
      continue;
    }
    if (stored) {
      const offers = (stored.offers as Record<string, unknown>[]).map((o) => ({ ...o }));
      for (const p of group) {
        const same = offers.find((o) => o.article === p.r.article);
        if (same) {
          Object.assign(same, p.offer, {
            attributes: { ...(same.attributes as object), ...(p.offer.attributes as object) },
          });
        } else offers.push(p.offer);
      }
      for (const o of offers) offerRows.push(group.find((p) => p.r.article === o.article)?.r ?? first.r);
      body = { ...product, offers };
    } else {
      if (ctx.role !== SYSTEM && !def.access.create.includes(ctx.role as Role))
        first.r.errors.push(`Товара «${slug}» нет в каталоге, а добавлять товары вам недоступно`);
      if (!product.title) first.r.errors.push(`«${headerOf('title')}»: обязательно для нового товара`);
      body = { slug, ...product, offers: group.map((p) => p.offer) };
      offerRows.push(...group.map((p) => p.r));
    }
    if (group.some((p) => p.r.errors.length)) continue;
    try {
      // What the service will check when writing (writeImport), reported per row beforehand.
      assertValid(
        stored ? def.schemas.patch : def.schemas.create,
        permittedBody(ctx, body, stored),
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
    plan.push({ existingId: first.productId, body });
  }
  report.valid = report.rows.every((r) => r.errors.length === 0);
  report.products = {
    create: plan.filter((p) => !p.existingId).length,
    update: plan.filter((p) => p.existingId).length,
  };
  report.offers = report.rows.length;
  return { report, plan: report.valid ? plan : [] };
}

/** Writes a valid file's plan in one transaction; any error leaves the catalogue as it was. */
export async function writeImport(ctx: CrudContext, plan: PlannedProduct[]): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    // The CRUD service's own writes (access, hooks, history), nested as savepoints of this one transaction.
    const inner = { ...ctx, db: tx };
    for (const p of plan) {
      if (p.existingId) await updateRecord(inner, p.existingId, p.body);
      else await createRecord(inner, p.body);
    }
  });
}
