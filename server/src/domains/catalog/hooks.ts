// beforeSave hooks of the catalogue's entities (named by x-hooks in their schemas), for the rules the
// schema vocabulary cannot say: entry values checked against their directory's fields (x-custom-fields
// "directory-fields"), offers' characteristics against the directories ("directories"), field codes unique
// within a directory, and the two-level category tree.
import { asc, eq, inArray } from 'drizzle-orm';
import { directories, directoryEntries, directoryFields, productCategories } from '../../../generated/tables';
import type { DbOrTx } from '../../platform/db';
import { badRequest } from '../../platform/http/errors';
import { searchBeforeSaveMany } from './product-hooks';
import { reindexCategoryProducts } from './search/document';
import { checkEntryValues, type EntryField } from './entry-values';
import type { EntityHooks } from '../../platform/crud/types';

export async function fieldsOfDirectory(db: DbOrTx, directoryId: number) {
  const [directory] = await db
    .select({ title: directories.title })
    .from(directories)
    .where(eq(directories.id, directoryId));
  if (!directory) throw badRequest(`Справочник №${directoryId} не найден`, { directoryId: 'Не найден' });
  const fields = (await db
    .select({
      code: directoryFields.code,
      title: directoryFields.title,
      type: directoryFields.type,
      required: directoryFields.required,
    })
    .from(directoryFields)
    .where(eq(directoryFields.directoryId, directoryId))
    .orderBy(asc(directoryFields.sortOrder), asc(directoryFields.position))) as EntryField[];
  return { title: directory.title, fields };
}

/** directory-entries: `values` must match the fields of the entry's directory. */
export const directoryEntryBeforeSave: EntityHooks<'directory-entries'>['beforeSave'] = async (
  data,
  { tx, existing },
) => {
  // A create names its directory (the schema requires it); an update may leave it out.
  const directoryId = data.directoryId ?? existing!.directoryId;
  const values: Record<string, unknown> = data.values ?? existing?.values ?? {};
  const { title, fields } = await fieldsOfDirectory(tx, directoryId);
  return { ...data, values: checkEntryValues(title, fields, values) };
};

/** directories: a field code names a value inside each entry, so it is unique within its directory. */
export const directoryBeforeSave: EntityHooks<'directories'>['beforeSave'] = (data) => {
  const fields = data.fields;
  const seen = new Map<string, number>();
  const errors: Record<string, string> = {};
  for (const [i, f] of (fields ?? []).entries()) {
    if (seen.has(f.code))
      errors[`fields.${i}.code`] = `Код «${f.code}» уже есть в поле №${seen.get(f.code)! + 1}`;
    else seen.set(f.code, i);
  }
  const first = Object.values(errors)[0];
  if (first) throw badRequest(`Поля записей: ${first}`, errors);
  return data;
};

/** product-categories: two levels; a category is never put under itself or one of its subcategories. */
export const productCategoryBeforeSave: EntityHooks<'product-categories'>['beforeSave'] = async (
  data,
  { tx, existing },
) => {
  const parentId = data.parentId;
  if (parentId === undefined || parentId === null) return data;
  const id = existing?.id;
  if (id !== undefined && parentId === id) throw nested('Категорию нельзя вложить в саму себя');
  const [parent] = await tx
    .select({ parentId: productCategories.parentId, title: productCategories.title })
    .from(productCategories)
    .where(eq(productCategories.id, parentId));
  if (!parent) return data; // the foreign key answers «связанная запись не найдена»
  if (id !== undefined && parent.parentId === id)
    throw nested(`Категорию нельзя перенести в её собственную подкатегорию «${parent.title}»`);
  if (parent.parentId !== null)
    throw nested(`«${parent.title}» — уже подкатегория: допускается только два уровня категорий`);
  if (id !== undefined) {
    const [child] = await tx
      .select({ id: productCategories.id })
      .from(productCategories)
      .where(eq(productCategories.parentId, id))
      .limit(1);
    if (child)
      throw nested(
        'У категории есть подкатегории: её нельзя вложить в другую, допускается только два уровня',
      );
  }
  return data;
};

const nested = (message: string) => badRequest(message, { parentId: message });

/** product-categories: a renamed or moved category rewrites the search documents of its products. */
export const productCategoryAfterSave: EntityHooks<'product-categories'>['afterSave'] = async (
  record,
  { tx, existing },
) => {
  if (existing && (record.title !== existing.title || record.parentId !== existing.parentId))
    await reindexCategoryProducts(tx, record.id);
};

/**
 * products: an offer's characteristic that names a directory (x-custom-fields "directories") must hold
 * one of its entry codes, so the storefront's filters and variant chooser find it. Keys no directory
 * describes stay free text (the product page lists them after the known ones). Then the search
 * documents, as before (catalog/product-hooks.ts). All the products of a write at once (writeRecords).
 */
export const productBeforeSaveMany: EntityHooks<'products'>['beforeSaveMany'] = async (items, context) => {
  const offers = items.flatMap(({ data }) => data.offers ?? []);
  if (offers.length) await checkOfferAttributes(context.tx, offers);
  return searchBeforeSaveMany(items, context);
};

async function checkOfferAttributes(
  tx: DbOrTx,
  offers: { article?: string; attributes?: Record<string, string | undefined> }[],
) {
  const codes = [...new Set(offers.flatMap((o) => Object.keys(o.attributes ?? {})))];
  if (!codes.length) return;
  const rows = await tx
    .select({ directory: directories.code, title: directories.title, entry: directoryEntries.code })
    .from(directories)
    .leftJoin(directoryEntries, eq(directoryEntries.directoryId, directories.id))
    .where(inArray(directories.code, codes));
  const known = new Map<string, { title: string; entries: Set<string> }>();
  for (const r of rows) {
    const d = known.get(r.directory) ?? { title: r.title, entries: new Set<string>() };
    if (r.entry !== null) d.entries.add(r.entry);
    known.set(r.directory, d);
  }
  const errors: Record<string, string> = {};
  for (const [i, offer] of offers.entries()) {
    for (const [code, value] of Object.entries(offer.attributes ?? {})) {
      const d = known.get(code);
      if (d && value !== undefined && !d.entries.has(value))
        errors[`offers.${i}.attributes.${code}`] = `В справочнике «${d.title}» нет значения «${value}»`;
    }
  }
  const entries = Object.entries(errors);
  if (!entries.length) return;
  const [key, message] = entries[0]!;
  const article = offers[Number(key.split('.')[1])]?.article;
  throw badRequest(
    `Вариант ${article ? `«${article}»` : `№${Number(key.split('.')[1]) + 1}`}: ${message.charAt(0).toLowerCase()}${message.slice(1)}`,
    errors,
  );
}
