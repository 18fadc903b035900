// Migrations are generated SQL. The schemas give the database as it should be (a Snapshot); the last
// committed snapshot (server/migrations/snapshot.json) is the database as the committed migrations leave
// it. The difference becomes the next numbered migration file. SQL is written for PostgreSQL 15 and
// PGlite's 18 alike.
import type { EntityModel, FieldModel } from '../model';
import { searchExpression } from './server';

export interface ColumnSnap {
  type: string;
  notNull: boolean;
  default?: string;
  primaryKey?: boolean;
}
export interface TableSnap {
  columns: Record<string, ColumnSnap>;
  /** name → CREATE INDEX statement */
  indexes: Record<string, string>;
  /** name → constraint definition (after ADD CONSTRAINT name) */
  foreignKeys: Record<string, string>;
}
export interface Snapshot {
  extensions: string[];
  tables: Record<string, TableSnap>;
}

const SQL_TYPE: Record<FieldModel['kind'], string> = {
  integer: 'integer',
  bigint: 'bigint',
  number: 'double precision',
  string: 'text',
  boolean: 'boolean',
  'date-time': 'timestamptz',
  date: 'date',
  'integer[]': 'integer[]',
  'string[]': 'text[]',
  json: 'jsonb',
};

const q = (name: string) => `"${name}"`;
const lit = (s: string) => `'${s.replace(/'/g, "''")}'`;

function sqlDefault(f: FieldModel): string | undefined {
  if (f.readOnly && (f.name === 'createdAt' || f.name === 'updatedAt')) return 'now()';
  const d = f.default;
  if (d === undefined || d === null) return undefined;
  if (f.kind === 'json') return `${lit(JSON.stringify(d))}::jsonb`;
  if (f.kind.endsWith('[]')) {
    const items = (d as unknown[]).map((v) =>
      typeof v === 'string' ? `"${v.replace(/"/g, '\\"')}"` : String(v),
    );
    return `${lit(`{${items.join(',')}}`)}::${SQL_TYPE[f.kind]}`;
  }
  if (typeof d === 'string') return lit(d);
  return JSON.stringify(d);
}

function columnSnap(f: FieldModel): ColumnSnap {
  if (f.name === 'id' && f.readOnly) return { type: 'integer', notNull: true, primaryKey: true };
  const c: ColumnSnap = { type: f.dbType ?? SQL_TYPE[f.kind], notNull: !f.nullable };
  const d = sqlDefault(f);
  if (d !== undefined) c.default = d;
  return c;
}

/** The fields' own indexes; true when one of them needs pg_trgm. */
function fieldIndexes(table: string, fields: FieldModel[], indexes: Record<string, string>): boolean {
  let trigram = false;
  for (const f of fields) {
    // A trigram index serves similarity and LIKE; it may sit next to a unique one.
    if (f.index === 'trgm') {
      trigram = true;
      indexes[`${table}_${f.column}_trgm_idx`] =
        `CREATE INDEX ${q(`${table}_${f.column}_trgm_idx`)} ON ${q(table)} USING gin (${q(f.column)} gin_trgm_ops)`;
    }
    if (f.unique)
      indexes[`${table}_${f.column}_key`] =
        `CREATE UNIQUE INDEX ${q(`${table}_${f.column}_key`)} ON ${q(table)} (${q(f.column)})`;
    else if (f.index === 'gin')
      indexes[`${table}_${f.column}_idx`] =
        `CREATE INDEX ${q(`${table}_${f.column}_idx`)} ON ${q(table)} USING gin (${q(f.column)})`;
    else if (f.index === 'btree' || (f.ref && !f.ref.many))
      indexes[`${table}_${f.column}_idx`] =
        `CREATE INDEX ${q(`${table}_${f.column}_idx`)} ON ${q(table)} (${q(f.column)})`;
  }
  return trigram;
}

function fieldForeignKeys(
  table: string,
  fields: FieldModel[],
  tableOf: Map<string, string>,
  fks: Record<string, string>,
) {
  for (const f of fields) {
    if (!f.ref || f.ref.many || f.virtual) continue;
    const target = tableOf.get(f.ref.resource)!;
    fks[`${table}_${f.column}_fkey`] =
      `FOREIGN KEY (${q(f.column)}) REFERENCES ${q(target)} ("id") ON DELETE ${f.ref.onDelete.toUpperCase()}`;
  }
}

/** The database the schemas describe. */
export function snapshotOf(entities: EntityModel[]): Snapshot {
  const tableOf = new Map(entities.map((e) => [e.resource, e.table]));
  const tables: Record<string, TableSnap> = {};
  let trigram = false;
  for (const e of entities) {
    const columns: Record<string, ColumnSnap> = {};
    for (const f of e.fields) if (!f.virtual) columns[f.column] = columnSnap(f);
    const indexes: Record<string, string> = {};
    const foreignKeys: Record<string, string> = {};
    if (fieldIndexes(e.table, e.fields, indexes)) trigram = true;
    fieldForeignKeys(e.table, e.fields, tableOf, foreignKeys);
    for (const i of e.indexes) {
      const cols = i.columns.map((n) => e.fields.find((f) => f.name === n)!.column);
      const name = `${e.table}_${cols.join('_')}_${i.unique ? 'key' : 'idx'}`;
      indexes[name] =
        `CREATE ${i.unique ? 'UNIQUE ' : ''}INDEX ${q(name)} ON ${q(e.table)} (${cols.map(q).join(', ')})`;
    }
    const search = searchExpression(e);
    if (search) {
      trigram = true;
      indexes[`${e.table}_search_fts_idx`] =
        `CREATE INDEX ${q(`${e.table}_search_fts_idx`)} ON ${q(e.table)} USING gin (to_tsvector('russian'::regconfig, ${search}))`;
      indexes[`${e.table}_search_trgm_idx`] =
        `CREATE INDEX ${q(`${e.table}_search_trgm_idx`)} ON ${q(e.table)} USING gin ((${search}) gin_trgm_ops)`;
    }
    tables[e.table] = { columns, indexes, foreignKeys };

    for (const c of e.children) {
      const ccols: Record<string, ColumnSnap> = {};
      const cidx: Record<string, string> = {};
      const cfks: Record<string, string> = {};
      for (const f of c.fields) {
        ccols[f.column] =
          f.name === 'id' ? { type: 'integer', notNull: true, primaryKey: true } : columnSnap(f);
        if (f.name === 'id') {
          // The parent column follows the id.
          ccols[c.parentColumn] = { type: 'integer', notNull: true };
        }
      }
      ccols.position = { type: 'integer', notNull: true, default: '0' };
      cidx[`${c.table}_${c.parentColumn}_idx`] =
        `CREATE INDEX ${q(`${c.table}_${c.parentColumn}_idx`)} ON ${q(c.table)} (${q(c.parentColumn)}, "position")`;
      cfks[`${c.table}_${c.parentColumn}_fkey`] =
        `FOREIGN KEY (${q(c.parentColumn)}) REFERENCES ${q(e.table)} ("id") ON DELETE CASCADE`;
      if (
        fieldIndexes(
          c.table,
          c.fields.filter((f) => f.name !== 'id'),
          cidx,
        )
      )
        trigram = true;
      fieldForeignKeys(c.table, c.fields, tableOf, cfks);
      tables[c.table] = { columns: ccols, indexes: cidx, foreignKeys: cfks };
    }
  }
  return { extensions: trigram ? ['pg_trgm'] : [], tables };
}

function columnSql(name: string, c: ColumnSnap): string {
  if (c.primaryKey) return `${q(name)} ${c.type} GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY`;
  return `${q(name)} ${c.type}${c.notNull ? ' NOT NULL' : ''}${c.default !== undefined ? ` DEFAULT ${c.default}` : ''}`;
}

/** SQL statements that take a database from `prev` to `next`; empty when nothing changed. */
export function diffSnapshots(prev: Snapshot, next: Snapshot): string[] {
  const drops: string[] = [];
  const creates: string[] = [];
  const alters: string[] = [];
  const fks: string[] = [];
  const idx: string[] = [];
  for (const ext of next.extensions)
    if (!prev.extensions.includes(ext)) creates.push(`CREATE EXTENSION IF NOT EXISTS ${ext}`);

  for (const [name, pt] of Object.entries(prev.tables)) {
    const nt = next.tables[name];
    for (const [fk, def] of Object.entries(pt.foreignKeys))
      if (!nt || nt.foreignKeys[fk] !== def)
        drops.push(`ALTER TABLE ${q(name)} DROP CONSTRAINT IF EXISTS ${q(fk)}`);
    for (const [i, def] of Object.entries(pt.indexes))
      if (!nt || nt.indexes[i] !== def) drops.push(`DROP INDEX IF EXISTS ${q(i)}`);
  }
  for (const name of Object.keys(prev.tables)) if (!next.tables[name]) drops.push(`DROP TABLE ${q(name)}`);

  for (const [name, nt] of Object.entries(next.tables)) {
    const pt = prev.tables[name];
    if (!pt) {
      const cols = Object.entries(nt.columns).map(([c, s]) => `  ${columnSql(c, s)}`);
      creates.push(`CREATE TABLE ${q(name)} (\n${cols.join(',\n')}\n)`);
    } else {
      for (const c of Object.keys(pt.columns))
        if (!nt.columns[c]) alters.push(`ALTER TABLE ${q(name)} DROP COLUMN ${q(c)}`);
      for (const [c, s] of Object.entries(nt.columns)) {
        const old = pt.columns[c];
        if (!old) {
          alters.push(`ALTER TABLE ${q(name)} ADD COLUMN ${columnSql(c, s)}`);
          continue;
        }
        if (old.type !== s.type)
          alters.push(`ALTER TABLE ${q(name)} ALTER COLUMN ${q(c)} TYPE ${s.type} USING ${q(c)}::${s.type}`);
        if (old.default !== s.default)
          alters.push(
            `ALTER TABLE ${q(name)} ALTER COLUMN ${q(c)} ${s.default === undefined ? 'DROP DEFAULT' : `SET DEFAULT ${s.default}`}`,
          );
        if (old.notNull !== s.notNull)
          alters.push(`ALTER TABLE ${q(name)} ALTER COLUMN ${q(c)} ${s.notNull ? 'SET' : 'DROP'} NOT NULL`);
      }
    }
    for (const [fk, def] of Object.entries(nt.foreignKeys))
      if (!pt || pt.foreignKeys[fk] !== def)
        fks.push(`ALTER TABLE ${q(name)} ADD CONSTRAINT ${q(fk)} ${def}`);
    for (const [i, def] of Object.entries(nt.indexes)) if (!pt || pt.indexes[i] !== def) idx.push(def);
  }
  return [...drops, ...creates, ...alters, ...fks, ...idx];
}

export function migrationName(prev: Snapshot, next: Snapshot, number: number): string {
  const n = String(number).padStart(4, '0');
  if (number === 1) return `${n}_init.sql`;
  const changed = Object.keys(next.tables)
    .filter((t) => JSON.stringify(prev.tables[t]) !== JSON.stringify(next.tables[t]))
    .concat(Object.keys(prev.tables).filter((t) => !next.tables[t]));
  return `${n}_${changed.slice(0, 3).join('_') || 'schema'}.sql`;
}

export function migrationSql(statements: string[]): string {
  return (
    '-- Generated by npm run codegen from schemas/ — do not edit; a schema change makes the next migration.\n\n' +
    statements.map((s) => `${s};`).join('\n\n') +
    '\n'
  );
}
