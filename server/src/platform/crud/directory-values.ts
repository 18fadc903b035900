// Values coded by directories (x-custom-fields "directories": an offer's attributes) as people read them:
// { curl: 'D', colour: 'black' } → «Изгиб: D», «Цвет: чёрный». The order screen names its lines' variants
// this way, and the change history a product's.
import { eq, inArray } from 'drizzle-orm';
import { directories, directoryEntries } from '../../../generated/tables';
import type { DbOrTx } from '../db';

/** An offer's attributes: directory code → entry code. */
export type Attributes = Record<string, string>;

/**
 * Attributes as people read them ({ curl: 'D' } → «Изгиб: D», { colour: 'black' } → «Цвет:
 * чёрный»): the names and titles of the directories they were coded by, in the directories' order.
 */
export async function attributeReader(db: DbOrTx, all: Attributes[]) {
  const codes = [...new Set(all.flatMap((a) => Object.keys(a)))];
  const rows = codes.length
    ? await db
        .select({
          directory: directories.code,
          name: directories.title,
          order: directories.sortOrder,
          entry: directoryEntries.code,
          title: directoryEntries.title,
        })
        .from(directories)
        .leftJoin(directoryEntries, eq(directoryEntries.directoryId, directories.id))
        .where(inArray(directories.code, codes))
    : [];
  const byDirectory = new Map(rows.map((r) => [r.directory, { name: r.name, order: r.order }]));
  const titles = new Map<string, Map<string, string>>();
  for (const r of rows) {
    if (r.entry === null || r.title === null) continue;
    const entries = titles.get(r.directory) ?? new Map<string, string>();
    titles.set(r.directory, entries.set(r.entry, r.title));
  }
  return (attributes: Attributes) =>
    Object.entries(attributes)
      .filter(([, value]) => value)
      .sort(
        ([a], [b]) =>
          (byDirectory.get(a)?.order ?? Number.MAX_SAFE_INTEGER) -
          (byDirectory.get(b)?.order ?? Number.MAX_SAFE_INTEGER),
      )
      .map(([code, value]) => ({
        name: byDirectory.get(code)?.name ?? code,
        value: titles.get(code)?.get(value) ?? value,
      }));
}
