// The products' CSV file, one row per offer, the product's columns repeated on each of its rows: the format
// the import reads (csv-import.ts) and the products' export writes (below), so that an exported file edited
// in Excel imports back. Its columns: the product's and the offer's fields, and one per directory whose
// entries characterise offers (useInOffers: curl, thickness, length, colour…), headed by its title.
import { asc, eq, inArray } from 'drizzle-orm';
import { directories, directoryEntries, productCategories } from '../../../generated/tables';
import type { DbOrTx } from '../../platform/db';
import { pagedCsv } from '../../platform/crud/csv-export';
import type { CrudContext, ListQuery } from '../../platform/crud/types';

export interface ProductCsvColumn {
  code: string;
  header: string;
  help: string;
  /** A directory's column: the offer's attribute of that code, written as the entry's code. */
  directory?: boolean;
}

const PRODUCT_FIELDS: ProductCsvColumn[] = [
  { code: 'slug', header: 'Адрес (slug)', help: 'обязательно; по нему товар обновляется или создаётся' },
  { code: 'title', header: 'Название', help: 'обязательно для нового товара' },
  { code: 'categories', header: 'Категории', help: 'адреса (slug) категорий через запятую' },
  { code: 'brand', header: 'Бренд', help: 'код или название записи справочника «Бренд»' },
  { code: 'active', header: 'Активен', help: 'да / нет' },
  { code: 'isNew', header: 'Новинка', help: 'да / нет' },
  { code: 'isHit', header: 'Хит', help: 'да / нет' },
  { code: 'article', header: 'Артикул', help: 'обязательно; по нему вариант обновляется или создаётся' },
];
const OFFER_FIELDS: ProductCsvColumn[] = [
  { code: 'basePrice', header: 'Цена', help: 'в рублях, например 1290,50; обязательно' },
  { code: 'salePrice', header: 'Цена со скидкой', help: 'в рублях' },
  { code: 'stock', header: 'Остаток', help: 'целое число' },
  { code: 'weight', header: 'Вес, г', help: 'целое число' },
];

export const norm = (s: string) => s.trim().toLowerCase().replace(/ё/g, 'е');

/** The directories of offers' attributes, in their order, with their entries (code and title). */
export async function offerDirectories(db: DbOrTx) {
  const dirs = await db
    .select({ id: directories.id, code: directories.code, title: directories.title })
    .from(directories)
    .where(eq(directories.useInOffers, true))
    .orderBy(asc(directories.sortOrder), asc(directories.id));
  const entries = dirs.length
    ? await db
        .select({
          directoryId: directoryEntries.directoryId,
          code: directoryEntries.code,
          title: directoryEntries.title,
        })
        .from(directoryEntries)
        .where(
          inArray(
            directoryEntries.directoryId,
            dirs.map((d) => d.id),
          ),
        )
        .orderBy(asc(directoryEntries.sortOrder), asc(directoryEntries.id))
    : [];
  return dirs.map((d) => ({ ...d, entries: entries.filter((e) => e.directoryId === d.id) }));
}

/**
 * The file's columns. A directory whose code or title is already a column's is left out: its header
 * would be read as that column.
 */
export async function productCsvColumns(db: DbOrTx): Promise<ProductCsvColumn[]> {
  const fixed = [...PRODUCT_FIELDS, ...OFFER_FIELDS];
  const taken = new Set(fixed.flatMap((c) => [norm(c.code), norm(c.header)]));
  const attributes = (await offerDirectories(db))
    .filter((d) => !taken.has(norm(d.code)) && !taken.has(norm(d.title)))
    .map((d) => ({
      code: d.code,
      header: d.title,
      help: `код записи справочника «${d.title}»${d.entries[0] ? `, например ${d.entries[0].code}` : ''}`,
      directory: true,
    }));
  return [...PRODUCT_FIELDS, ...attributes, ...OFFER_FIELDS];
}

/** Kopecks as the file writes them: "1290" for whole roubles, else "1290,50". */
export function roublesText(kopecks: number): string {
  const roubles = Math.trunc(kopecks / 100);
  const rest = Math.abs(kopecks % 100);
  return rest ? `${roubles},${String(rest).padStart(2, '0')}` : String(roubles);
}

const flag = (v: unknown) => (v ? 'да' : 'нет');
const count = (v: unknown) => (typeof v === 'number' ? String(v) : '');
const text = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

/** The products of a filtered admin list as the import's file, one line per offer. */
export async function* exportProductsCsv(ctx: CrudContext, query: ListQuery): AsyncGenerator<string> {
  const { db } = ctx;
  const columns = await productCsvColumns(db);
  const categorySlugs = new Map(
    (await db.select({ id: productCategories.id, slug: productCategories.slug }).from(productCategories)).map(
      (c) => [c.id, c.slug],
    ),
  );
  const brands = new Map((await directoryEntriesOf(db, 'brand')).map((e) => [e.id, e.code]));
  const lineOf = (product: Record<string, unknown>, offer: Record<string, unknown>) => {
    const attributes = (offer.attributes ?? {}) as Record<string, unknown>;
    const cells: Record<string, string> = {
      slug: text(product.slug),
      title: text(product.title),
      categories: ((product.categoryIds as number[] | undefined) ?? [])
        .map((id) => categorySlugs.get(id))
        .filter(Boolean)
        .join(', '),
      brand: typeof product.brandId === 'number' ? (brands.get(product.brandId) ?? '') : '',
      active: flag(product.active),
      isNew: flag(product.isNew),
      isHit: flag(product.isHit),
      article: text(offer.article),
      basePrice: typeof offer.basePrice === 'number' ? roublesText(offer.basePrice) : '',
      salePrice: typeof offer.salePrice === 'number' ? roublesText(offer.salePrice) : '',
      stock: count(offer.stock),
      weight: count(offer.weight),
    };
    return columns.map((c) => (c.directory ? text(attributes[c.code]) : (cells[c.code] ?? '')));
  };
  yield* pagedCsv(
    ctx,
    query,
    columns.map((c) => c.header),
    (rows) =>
      rows.flatMap((product) =>
        ((product.offers as Record<string, unknown>[] | undefined) ?? []).map((offer) =>
          lineOf(product, offer),
        ),
      ),
  );
}

/** The entries of the directory of this code (none when there is no such directory). */
export async function directoryEntriesOf(db: DbOrTx, code: string) {
  return db
    .select({ id: directoryEntries.id, code: directoryEntries.code, title: directoryEntries.title })
    .from(directoryEntries)
    .innerJoin(directories, eq(directories.id, directoryEntries.directoryId))
    .where(eq(directories.code, code));
}
