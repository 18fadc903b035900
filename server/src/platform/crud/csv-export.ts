// CSV export of a filtered admin list: the list's own filter, sort and row scope (listRecords), read in
// pages and streamed, so a large catalogue never sits in memory. Headers are the fields' Russian labels;
// enum values, money, dates and references are written the way the admin shows them.
import { getTableColumns, inArray } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db';
import { displayValue, fieldLooks, lookIn } from './csv-fields';
import { CSV_BOM, csvLine, csvLines } from './csv';
import { listRecords, MAX_PAGE } from './service';
import type { CrudContext, FieldDef, ListQuery, Registry, ResourceDef } from './types';

/** The field naming a referenced record in a cell: the first of these it has (its title, else its name…). */
const TITLE_FIELDS = ['title', 'name', 'number', 'code', 'email'];

/** Reference ids as text: their titles ("Lovely, Ресницы"), `№id` for a record that is gone. */
export function titlesText(names: Map<number, string>, value: unknown): string {
  const ids = Array.isArray(value) ? (value as number[]) : [value as number];
  return ids.map((id) => names.get(id) ?? `№${id}`).join(', ');
}

function exportFields(def: ResourceDef): FieldDef[] {
  return def.fields.filter((f) => !f.private && !f.virtual && !f.writeOnly);
}

/** id → title of the records the rows refer to, one query per referenced resource and page. */
export async function referenceTitles(
  db: DbOrTx,
  registry: Registry,
  fields: FieldDef[],
  rows: Record<string, unknown>[],
): Promise<Map<string, Map<number, string>>> {
  const out = new Map<string, Map<number, string>>();
  for (const f of fields) {
    if (!f.ref) continue;
    const target = registry.get(f.ref.resource);
    const titleField = TITLE_FIELDS.map((name) =>
      target?.fields.find((t) => t.name === name && !t.private),
    ).find(Boolean);
    if (!target || !titleField) continue;
    const ids = new Set<number>();
    for (const r of rows) {
      const v = r[f.name];
      for (const id of Array.isArray(v) ? v : [v]) if (typeof id === 'number') ids.add(id);
    }
    if (!ids.size) continue;
    const cols = getTableColumns(target.table) as Record<string, PgColumn>;
    const found = (await db
      .select({ id: cols.id!, title: cols[titleField.name]! })
      .from(target.table)
      .where(inArray(cols.id!, [...ids]))) as { id: number; title: unknown }[];
    out.set(
      f.name,
      new Map(
        found.map((r) => [r.id, typeof r.title === 'string' ? r.title : JSON.stringify(r.title ?? '')]),
      ),
    );
  }
  return out;
}

/**
 * A filtered admin list as CSV, chunk by chunk: the BOM and header with the first page (so a bad filter
 * fails before anything is sent), then a chunk per page of `MAX_PAGE` records, each turned into lines.
 */
export async function* pagedCsv(
  ctx: CrudContext,
  query: ListQuery,
  header: string[],
  linesOf: (rows: Record<string, unknown>[]) => Promise<string[][]> | string[][],
): AsyncGenerator<string> {
  let first = CSV_BOM + csvLine(header);
  for (let start = 0; ; start += MAX_PAGE) {
    const { rows } = await listRecords(ctx, { ...query, range: [start, start + MAX_PAGE - 1] });
    const lines = rows.length ? await linesOf(rows) : [];
    if (lines.length || first) yield first + (lines.length ? csvLines(lines) : '');
    first = '';
    if (rows.length < MAX_PAGE) return;
  }
}

/** The CSV text of a list: the fields' labels, values as the admin shows them. */
export function exportCsv(ctx: CrudContext, query: ListQuery): AsyncGenerator<string> {
  const { db, registry, def } = ctx;
  const fields = exportFields(def);
  const looks = fieldLooks(def.resource);
  return pagedCsv(
    ctx,
    query,
    fields.map((f) => f.label),
    async (rows) => {
      const titles = await referenceTitles(db, registry, fields, rows);
      return rows.map((row) =>
        fields.map((f) => {
          const v = row[f.name];
          const names = titles.get(f.name);
          if (names && v !== null && v !== undefined) return titlesText(names, v);
          const look = looks.get(f.name);
          return displayValue(lookIn(look, look?.unitFrom && row[look.unitFrom.field]), v);
        }),
      );
    },
  );
}
