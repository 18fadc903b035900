// The classifier of a catalogue: 1C's groups become categories (the tree kept), its properties directories
// and their values the directories' entries. A record made before (linked by Ид) is updated only where 1C
// changed it; one the shop already had under the same name is taken over instead of being made twice.
import { eq } from 'drizzle-orm';
import { directories, directoryEntries, productCategories } from '../../../generated/tables';
import type { DbOrTx } from '../../platform/db';
import { createRecord, updateRecord } from '../../platform/crud/service';
import type { Group, Property } from './commerceml';
import { crudOf, type Exchange } from './context';
import { linksOf, saveLinks } from './links';
import { directoryCodeOf, entryCodeOf, norm, slugOf, uniqueName } from './names';

/** Properties whose value is the product's brand (the directory `brand`), not an offer's characteristic. */
const BRAND_NAMES = new Set(['бренд', 'производитель', 'марка', 'торговая марка', 'brand']);
export const isBrandProperty = (name: string) => BRAND_NAMES.has(norm(name));

export async function applyGroups(ex: Exchange, groups: Group[]): Promise<number> {
  if (!groups.length) return 0;
  let changed = 0;
  await ex.db.transaction(async (tx) => {
    const ctx = crudOf(ex, 'product-categories', tx);
    const links = await linksOf(
      tx,
      'group',
      groups.map((g) => g.id),
    );
    const stored = await tx
      .select({
        id: productCategories.id,
        title: productCategories.title,
        slug: productCategories.slug,
        parentId: productCategories.parentId,
      })
      .from(productCategories);
    const byId = new Map(stored.map((c) => [c.id, c]));
    const slugs = new Set(stored.map((c) => c.slug));
    const resolved = new Map<string, number>();
    const newLinks: { externalId: string; localId: number }[] = [];
    for (const g of groups) {
      const parentId = g.parentId
        ? (resolved.get(g.parentId) ??
          (await linksOf(tx, 'group', [g.parentId])).get(g.parentId)?.localId ??
          null)
        : null;
      const title = g.name.slice(0, 200);
      const linked = links.get(g.id)?.localId;
      const current = linked ? byId.get(linked) : undefined;
      if (current) {
        if (current.title !== title || current.parentId !== parentId) {
          await updateRecord(ctx, current.id, { title, parentId });
          changed++;
        }
        resolved.set(g.id, current.id);
        continue;
      }
      const same = stored.find((c) => norm(c.title) === norm(title) && c.parentId === parentId);
      const id =
        same?.id ??
        (
          (await createRecord(ctx, {
            title,
            slug: uniqueName(slugOf(title, g.id), slugs, g.id, '-', 200),
            parentId,
          })) as {
            id: number;
          }
        ).id;
      if (!same) changed++;
      resolved.set(g.id, id);
      newLinks.push({ externalId: g.id, localId: id });
    }
    await saveLinks(tx, 'group', newLinks);
  });
  return changed;
}

interface StoredDirectory {
  id: number;
  code: string;
  title: string;
}

async function createDirectory(
  ex: Exchange,
  tx: DbOrTx,
  p: { id: string; name: string },
  all: StoredDirectory[],
): Promise<StoredDirectory> {
  const brand = isBrandProperty(p.name);
  const created = await createRecord(crudOf(ex, 'directories', tx), {
    title: p.name.slice(0, 200),
    code: brand
      ? 'brand'
      : uniqueName(directoryCodeOf(p.name, p.id), new Set(all.map((d) => d.code)), p.id, '_', 50),
    useInOffers: !brand,
  });
  return { id: Number(created.id), code: String(created.code), title: String(created.title) };
}

/** The directory of a property (linked, else one of that title, else a new one of offers' characteristics). */
async function directoryOf(
  ex: Exchange,
  tx: DbOrTx,
  p: { id: string; name: string },
): Promise<StoredDirectory> {
  const all = await tx
    .select({ id: directories.id, code: directories.code, title: directories.title })
    .from(directories);
  const linked = (await linksOf(tx, 'property', [p.id])).get(p.id)?.localId;
  const found =
    all.find((d) => d.id === linked) ??
    (isBrandProperty(p.name) ? all.find((d) => d.code === 'brand') : undefined) ??
    all.find((d) => norm(d.title) === norm(p.name));
  const dir = found ?? (await createDirectory(ex, tx, p, all));
  if (linked !== dir.id)
    await saveLinks(tx, 'property', [
      { externalId: p.id, localId: dir.id, data: { code: dir.code, brand: isBrandProperty(p.name) } },
    ]);
  return dir;
}

/**
 * The entry of a value in a directory: by the value's Ид when 1C gave one, else by its text (an entry of
 * that title or code), else a new entry. Answers the entry's id and code.
 */
export async function entryOf(
  ex: Exchange,
  tx: DbOrTx,
  dir: StoredDirectory,
  value: string,
  valueId: string | null,
): Promise<{ id: number; code: string }> {
  if (valueId) {
    const link = (await linksOf(tx, 'value', [valueId])).get(valueId);
    if (link?.localId && link.data.directoryId === dir.id)
      return { id: link.localId, code: String(link.data.code) };
  }
  const entries = await tx
    .select({ id: directoryEntries.id, code: directoryEntries.code, title: directoryEntries.title })
    .from(directoryEntries)
    .where(eqDirectory(dir.id));
  const code = entryCodeOf(value, valueId ?? `${dir.id}:${value}`);
  const entry =
    entries.find((e) => norm(e.title) === norm(value)) ??
    entries.find((e) => norm(e.code) === norm(code)) ??
    (await createEntry(
      ex,
      tx,
      dir.id,
      value,
      uniqueName(code, new Set(entries.map((e) => e.code.toLowerCase())), valueId ?? value, '-', 64),
    ));
  if (valueId)
    await saveLinks(tx, 'value', [
      { externalId: valueId, localId: entry.id, data: { directoryId: dir.id, code: entry.code } },
    ]);
  return { id: entry.id, code: entry.code };
}

async function createEntry(ex: Exchange, tx: DbOrTx, directoryId: number, title: string, code: string) {
  const created = await createRecord(crudOf(ex, 'directory-entries', tx), {
    directoryId,
    title: title.slice(0, 200),
    code,
  });
  return { id: Number(created.id), code: String(created.code) };
}

const eqDirectory = (id: number) => eq(directoryEntries.directoryId, id);

export async function applyProperties(ex: Exchange, properties: Property[]): Promise<void> {
  if (!properties.length) return;
  await ex.db.transaction(async (tx) => {
    for (const p of properties) {
      const dir = await directoryOf(ex, tx, p);
      for (const [valueId, value] of p.values) if (value) await entryOf(ex, tx, dir, value, valueId);
    }
  });
}

/** A property's directory by its Ид (after the classifier); null for a property 1C never described. */
export async function propertyDirectory(tx: DbOrTx, propertyId: string) {
  const link = (await linksOf(tx, 'property', [propertyId])).get(propertyId);
  if (!link?.localId) return null;
  const [dir] = await tx
    .select({ id: directories.id, code: directories.code, title: directories.title })
    .from(directories)
    .where(eq(directories.id, link.localId));
  return dir ? { ...dir, brand: link.data.brand === true } : null;
}

/** The directory of an offer's characteristic by its name (ХарактеристикиТовара have no Ид). */
export async function characteristicDirectory(ex: Exchange, tx: DbOrTx, name: string) {
  return directoryOf(ex, tx, { id: `characteristic:${norm(name)}`, name });
}
