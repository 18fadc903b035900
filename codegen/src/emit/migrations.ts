// Migrations are generated SQL. The schemas give the database as it should be (a Snapshot); the last
// committed snapshot (server/migrations/snapshot.json) is the database as the committed migrations leave
// it. The difference becomes the next numbered migration file. SQL is written for PostgreSQL 15 and
// PGlite's 18 alike.
//
// The difference alone cannot tell a renamed column from a dropped one and a new one, so the schemas say
// what was renamed (x-db.renamedFrom) and how a column changes type when PostgreSQL cannot cast it itself
// (x-db.using); that is the MigrationIntent. Whatever would lose data (a dropped table or column) or fail
// on a table with rows (a new NOT NULL column without a default) is refused unless the intent allows it.
import type { ChildModel, CheckModel, EntityModel, FieldModel, WhereModel } from '../model';
import { snake, SQL_TYPE } from '../model';
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
  /** name → CHECK (…) definition (after ADD CONSTRAINT name); absent in snapshots older than checks */
  checks?: Record<string, string>;
}
export interface Snapshot {
  extensions: string[];
  tables: Record<string, TableSnap>;
}

/** What the schemas say about a change that the two snapshots cannot: renames, conversions, drops allowed. */
export interface MigrationIntent {
  /** new table name → its previous name */
  renamedTables?: Record<string, string>;
  /** table (its new name) → new column → previous column */
  renamedColumns?: Record<string, Record<string, string>>;
  /** table → column → the declared conversion from an earlier type (x-db.using) */
  conversions?: Record<string, Record<string, { from: string; expression: string }>>;
  /** `table` or `table.column`: drops asked for by name (npm run codegen -- --allow-drop=…) */
  allowDrop?: string[];
}

/** The schema change cannot become a migration as it stands; each problem says what to decide. */
export class MigrationRefused extends Error {
  constructor(public problems: string[]) {
    super(
      `The schema change needs a decision before codegen writes its migration:\n  - ${problems.join('\n  - ')}`,
    );
  }
}

/**
 * Type changes PostgreSQL makes implicitly, where every old value has a new one that means the same;
 * any other change needs a declared conversion (x-db.using).
 */
const IMPLICIT_CASTS = new Set([
  'integer>bigint',
  'integer>double precision',
  'bigint>double precision',
  'date>timestamptz',
]);

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

/** The SQL of a partial index's condition, over the table's own fields. */
function whereSql(cond: WhereModel, fields: FieldModel[]): string {
  return Object.entries(cond)
    .map(([name, v]) => {
      const col = q(fields.find((f) => f.name === name)!.column);
      const value = (x: string | number) => (typeof x === 'string' ? lit(x) : String(x));
      if (v === true) return col;
      if (v === false) return `NOT ${col}`;
      if (v === null) return `${col} IS NULL`;
      if (Array.isArray(v)) return `${col} IN (${v.map(value).join(', ')})`;
      return `${col} = ${value(v)}`;
    })
    .join(' AND ');
}

function boundsSql(column: string, c: CheckModel): string {
  const parts: string[] = [];
  if (c.minimum !== undefined) parts.push(`${q(column)} >= ${c.minimum}`);
  if (c.exclusiveMinimum !== undefined) parts.push(`${q(column)} > ${c.exclusiveMinimum}`);
  if (c.maximum !== undefined) parts.push(`${q(column)} <= ${c.maximum}`);
  if (c.exclusiveMaximum !== undefined) parts.push(`${q(column)} < ${c.exclusiveMaximum}`);
  return parts.join(' AND ');
}
const checkSql = (column: string, c: CheckModel) => `CHECK (${boundsSql(column, c)})`;

/** "когда «Тип» — «Процент»": the condition of a conditional check, in the fields' own words. */
function whenRule(when: WhereModel, fields: FieldModel[]): string {
  const parts = Object.entries(when).map(([name, v]) => {
    const f = fields.find((x) => x.name === name)!;
    const shown = (x: string | number) => `«${f.enumLabels?.[String(x)] ?? String(x)}»`;
    if (v === true) return `«${f.label}» — да`;
    if (v === false) return `«${f.label}» — нет`;
    if (v === null) return `«${f.label}» не заполнено`;
    if (Array.isArray(v)) return `«${f.label}» — ${v.map(shown).join(' или ')}`;
    return `«${f.label}» — ${shown(v)}`;
  });
  return `когда ${parts.join(' и ')}`;
}

/** The rule of a CHECK in Russian, worded as the API's validation words minimum and maximum. */
export function checkRule(c: CheckModel): string {
  const inclusive = c.exclusiveMinimum === undefined && c.exclusiveMaximum === undefined;
  if (inclusive && c.minimum !== undefined && c.maximum !== undefined)
    return `От ${c.minimum} до ${c.maximum}`;
  const parts: string[] = [];
  if (c.minimum !== undefined) parts.push(`не меньше ${c.minimum}`);
  if (c.exclusiveMinimum !== undefined) parts.push(`больше ${c.exclusiveMinimum}`);
  if (c.maximum !== undefined) parts.push(`не больше ${c.maximum}`);
  if (c.exclusiveMaximum !== undefined) parts.push(`меньше ${c.exclusiveMaximum}`);
  const text = parts.join(', ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** One index or constraint of a table, with the fields it guards (the server names them in errors). */
export interface DbObject {
  name: string;
  table: string;
  kind: 'unique' | 'index' | 'check' | 'foreign-key';
  /** CREATE INDEX … for indexes, the definition after ADD CONSTRAINT name for constraints */
  sql: string;
  entity: EntityModel;
  child?: ChildModel;
  fields: FieldModel[];
  /** A check's rule in Russian. */
  rule?: string;
}

/** The fields' own indexes and constraints, named `<table>_<column>_key|idx|trgm_idx|fkey|check`. */
function fieldObjects(
  entity: EntityModel,
  child: ChildModel | undefined,
  fields: FieldModel[],
  tableOf: Map<string, string>,
): DbObject[] {
  const table = child?.table ?? entity.table;
  const out: DbObject[] = [];
  const add = (o: Omit<DbObject, 'table' | 'entity' | 'child'>) =>
    out.push({ ...o, table, entity, ...(child ? { child } : {}) });
  for (const f of fields) {
    if (f.virtual) continue;
    // A trigram index serves similarity and LIKE; it may sit next to a unique one.
    if (f.index === 'trgm') {
      const name = `${table}_${f.column}_trgm_idx`;
      add({
        name,
        kind: 'index',
        sql: `CREATE INDEX ${q(name)} ON ${q(table)} USING gin (${q(f.column)} gin_trgm_ops)`,
        fields: [f],
      });
    }
    if (f.unique) {
      const name = `${table}_${f.column}_key`;
      const where = f.uniqueWhere ? ` WHERE ${whereSql(f.uniqueWhere, fields)}` : '';
      add({
        name,
        kind: 'unique',
        sql: `CREATE UNIQUE INDEX ${q(name)} ON ${q(table)} (${q(f.column)})${where}`,
        fields: [f],
      });
    } else if (f.index === 'gin') {
      const name = `${table}_${f.column}_idx`;
      add({
        name,
        kind: 'index',
        sql: `CREATE INDEX ${q(name)} ON ${q(table)} USING gin (${q(f.column)})`,
        fields: [f],
      });
    } else if (f.index === 'btree' || (f.ref && !f.ref.many)) {
      const name = `${table}_${f.column}_idx`;
      add({
        name,
        kind: 'index',
        sql: `CREATE INDEX ${q(name)} ON ${q(table)} (${q(f.column)})`,
        fields: [f],
      });
    }
    if (f.ref && !f.ref.many) {
      const target = tableOf.get(f.ref.resource)!;
      add({
        name: `${table}_${f.column}_fkey`,
        kind: 'foreign-key',
        sql: `FOREIGN KEY (${q(f.column)}) REFERENCES ${q(target)} ("id") ON DELETE ${f.ref.onDelete.toUpperCase()}`,
        fields: [f],
      });
    }
    if (f.check)
      add({
        name: `${table}_${f.column}_check`,
        kind: 'check',
        sql: checkSql(f.column, f.check),
        fields: [f],
        rule: checkRule(f.check),
      });
  }
  return out;
}

/** Every index and constraint the schemas give, in the order the migration creates them. */
export function dbObjectsOf(entities: EntityModel[]): DbObject[] {
  const tableOf = new Map(entities.map((e) => [e.resource, e.table]));
  const out: DbObject[] = [];
  for (const e of entities) {
    out.push(...fieldObjects(e, undefined, e.fields, tableOf));
    for (const i of e.indexes) {
      const fields = i.columns.map((n) => e.fields.find((f) => f.name === n)!);
      const name = `${e.table}_${fields.map((f) => f.column).join('_')}_${i.unique ? 'key' : 'idx'}`;
      const where = i.where ? ` WHERE ${whereSql(i.where, e.fields)}` : '';
      out.push({
        name,
        table: e.table,
        kind: i.unique ? 'unique' : 'index',
        sql: `CREATE ${i.unique ? 'UNIQUE ' : ''}INDEX ${q(name)} ON ${q(e.table)} (${fields.map((f) => q(f.column)).join(', ')})${where}`,
        entity: e,
        fields,
      });
    }
    for (const c of e.checks) {
      const f = e.fields.find((x) => x.name === c.field)!;
      const on = Object.keys(c.when).map((n) => e.fields.find((x) => x.name === n)!.column);
      out.push({
        name: `${e.table}_${f.column}_if_${on.join('_')}_check`,
        table: e.table,
        kind: 'check',
        sql: `CHECK (NOT (${whereSql(c.when, e.fields)}) OR (${boundsSql(f.column, c.bounds)}))`,
        entity: e,
        fields: [f],
        rule: `${checkRule(c.bounds)}, ${whenRule(c.when, e.fields)}`,
      });
    }
    const search = searchExpression(e);
    if (search) {
      const fields = e.list.search.map((n) => e.fields.find((f) => f.name === n)!);
      const fts = `${e.table}_search_fts_idx`;
      const trgm = `${e.table}_search_trgm_idx`;
      out.push(
        {
          name: fts,
          table: e.table,
          kind: 'index',
          sql: `CREATE INDEX ${q(fts)} ON ${q(e.table)} USING gin (to_tsvector('russian'::regconfig, ${search}))`,
          entity: e,
          fields,
        },
        {
          name: trgm,
          table: e.table,
          kind: 'index',
          sql: `CREATE INDEX ${q(trgm)} ON ${q(e.table)} USING gin ((${search}) gin_trgm_ops)`,
          entity: e,
          fields,
        },
      );
    }
    for (const c of e.children) {
      const parentIdx = `${c.table}_${c.parentColumn}_idx`;
      out.push(
        {
          name: parentIdx,
          table: c.table,
          kind: 'index',
          sql: `CREATE INDEX ${q(parentIdx)} ON ${q(c.table)} (${q(c.parentColumn)}, "position")`,
          entity: e,
          child: c,
          fields: [],
        },
        {
          name: `${c.table}_${c.parentColumn}_fkey`,
          table: c.table,
          kind: 'foreign-key',
          sql: `FOREIGN KEY (${q(c.parentColumn)}) REFERENCES ${q(e.table)} ("id") ON DELETE CASCADE`,
          entity: e,
          child: c,
          fields: [],
        },
        ...fieldObjects(
          e,
          c,
          c.fields.filter((f) => f.name !== 'id'),
          tableOf,
        ),
      );
    }
  }
  return out;
}

const needsTrigram = (o: DbObject) =>
  o.kind !== 'foreign-key' && o.kind !== 'check' && /gin_trgm_ops/.test(o.sql);

/** The database the schemas describe. */
export function snapshotOf(entities: EntityModel[]): Snapshot {
  const tables: Record<string, TableSnap> = {};
  const empty = (): TableSnap => ({ columns: {}, indexes: {}, foreignKeys: {}, checks: {} });
  for (const e of entities) {
    const t = (tables[e.table] = empty());
    for (const f of e.fields) if (!f.virtual) t.columns[f.column] = columnSnap(f);
    for (const c of e.children) {
      const ct = (tables[c.table] = empty());
      for (const f of c.fields) {
        ct.columns[f.column] =
          f.name === 'id' ? { type: 'integer', notNull: true, primaryKey: true } : columnSnap(f);
        // The parent column follows the id.
        if (f.name === 'id') ct.columns[c.parentColumn] = { type: 'integer', notNull: true };
      }
      ct.columns.position = { type: 'integer', notNull: true, default: '0' };
    }
  }
  const objects = dbObjectsOf(entities);
  for (const o of objects) {
    const t = tables[o.table]!;
    if (o.kind === 'foreign-key') t.foreignKeys[o.name] = o.sql;
    else if (o.kind === 'check') t.checks![o.name] = o.sql;
    else t.indexes[o.name] = o.sql;
  }
  return { extensions: objects.some(needsTrigram) ? ['pg_trgm'] : [], tables };
}

/** What the schemas declare about the change: renames and conversions; drops come from the command line. */
export function intentOf(entities: EntityModel[], allowDrop: string[] = []): MigrationIntent {
  const renamedTables: Record<string, string> = {};
  const renamedColumns: Record<string, Record<string, string>> = {};
  const conversions: Record<string, Record<string, { from: string; expression: string }>> = {};
  const scan = (table: string, fields: FieldModel[]) => {
    for (const f of fields) {
      if (f.renamedFrom) (renamedColumns[table] ??= {})[f.column] = snake(f.renamedFrom);
      if (f.using) (conversions[table] ??= {})[f.column] = f.using;
    }
  };
  for (const e of entities) {
    if (e.renamedFrom) renamedTables[e.table] = e.renamedFrom;
    scan(e.table, e.fields);
    for (const c of e.children) {
      if (c.renamedFrom) renamedTables[c.table] = c.renamedFrom;
      scan(c.table, c.fields);
    }
  }
  return { renamedTables, renamedColumns, conversions, allowDrop };
}

function columnSql(name: string, c: ColumnSnap): string {
  if (c.primaryKey) return `${q(name)} ${c.type} GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY`;
  return `${q(name)} ${c.type}${c.notNull ? ' NOT NULL' : ''}${c.default !== undefined ? ` DEFAULT ${c.default}` : ''}`;
}

/** A snapshot written before CHECK constraints existed has no `checks`. */
function normalized(s: Snapshot): Snapshot {
  const tables: Record<string, TableSnap> = {};
  for (const [name, t] of Object.entries(s.tables))
    tables[name] = {
      columns: { ...t.columns },
      indexes: { ...t.indexes },
      foreignKeys: { ...t.foreignKeys },
      checks: { ...(t.checks ?? {}) },
    };
  return { extensions: [...s.extensions], tables };
}

const INDEX_HEAD = /^(CREATE (?:UNIQUE )?INDEX )"([^"]+)" ON "([^"]+)" ([\s\S]*)$/;
/** Quoted identifiers are columns in the SQL this file writes (literals use single quotes). */
const renameIdentifiers = (sql: string, columns: Map<string, string>) =>
  sql.replace(/"([^"]+)"/g, (m, id: string) => (columns.has(id) ? q(columns.get(id)!) : m));
const withoutIndexName = (sql: string) => sql.replace(INDEX_HEAD, '$1? ON "$3" $4');

/**
 * Applies renames to a copy of the previous snapshot (what the database holds once the RENAME statements
 * ran: PostgreSQL follows renames inside index, check and foreign-key definitions, but keeps their names),
 * then renames the indexes and constraints whose definition is unchanged under a name derived from the new
 * table or column, so that nothing is rebuilt.
 */
function applyRenames(prev: Snapshot, next: Snapshot, intent: MigrationIntent, problems: string[]): string[] {
  const out: string[] = [];
  for (const [to, from] of Object.entries(intent.renamedTables ?? {})) {
    // The new name already in the database: a committed migration did the rename; nothing left to do.
    if (!next.tables[to] || prev.tables[to]) continue;
    if (!prev.tables[from]) {
      problems.push(`table ${to}: renamedFrom "${from}", but the database has no table ${from}`);
      continue;
    }
    if (next.tables[from]) {
      problems.push(`table ${to}: renamedFrom "${from}", but ${from} is still a table of the schemas`);
      continue;
    }
    const t = prev.tables[from];
    delete prev.tables[from];
    prev.tables[to] = t;
    out.push(`ALTER TABLE ${q(from)} RENAME TO ${q(to)}`);
    for (const [c, col] of Object.entries(t.columns))
      if (col.primaryKey) {
        // The primary key and the identity's sequence were named after the table when it was created.
        out.push(`ALTER TABLE ${q(to)} RENAME CONSTRAINT ${q(`${from}_pkey`)} TO ${q(`${to}_pkey`)}`);
        out.push(`ALTER SEQUENCE IF EXISTS ${q(`${from}_${c}_seq`)} RENAME TO ${q(`${to}_${c}_seq`)}`);
      }
    for (const [i, sql] of Object.entries(t.indexes))
      t.indexes[i] = sql.replace(
        INDEX_HEAD,
        (_m, head: string, name: string, _on: string, rest: string) =>
          `${head}${q(name)} ON ${q(to)} ${rest}`,
      );
    for (const other of Object.values(prev.tables))
      for (const [fk, sql] of Object.entries(other.foreignKeys))
        other.foreignKeys[fk] = sql.replace(`REFERENCES ${q(from)} (`, `REFERENCES ${q(to)} (`);
  }

  for (const [table, renames] of Object.entries(intent.renamedColumns ?? {})) {
    const pt = prev.tables[table];
    const nt = next.tables[table];
    // A new table has no columns to rename.
    if (!pt || !nt) continue;
    const columns = new Map<string, string>();
    for (const [to, from] of Object.entries(renames)) {
      if (pt.columns[to]) continue;
      if (!pt.columns[from]) {
        problems.push(`${table}.${to}: renamedFrom "${from}", but table ${table} has no column ${from}`);
        continue;
      }
      if (nt.columns[from]) {
        problems.push(`${table}.${to}: renamedFrom "${from}", but ${table}.${from} is still a column`);
        continue;
      }
      columns.set(from, to);
      out.push(`ALTER TABLE ${q(table)} RENAME COLUMN ${q(from)} TO ${q(to)}`);
    }
    if (!columns.size) continue;
    pt.columns = Object.fromEntries(Object.entries(pt.columns).map(([c, s]) => [columns.get(c) ?? c, s]));
    for (const [i, sql] of Object.entries(pt.indexes))
      pt.indexes[i] = sql.replace(
        INDEX_HEAD,
        (_m, head: string, name: string, on: string, rest: string) =>
          `${head}${q(name)} ON ${q(on)} ${renameIdentifiers(rest, columns)}`,
      );
    for (const [c, sql] of Object.entries(pt.checks!)) pt.checks![c] = renameIdentifiers(sql, columns);
    for (const [fk, sql] of Object.entries(pt.foreignKeys))
      pt.foreignKeys[fk] = sql.replace(/^FOREIGN KEY \("([^"]+)"\)/, (m, c: string) =>
        columns.has(c) ? `FOREIGN KEY (${q(columns.get(c)!)})` : m,
      );
  }

  // Names follow the definitions: an index or constraint whose definition the schemas still give, under
  // another name, is renamed rather than dropped and built again.
  for (const [table, pt] of Object.entries(prev.tables)) {
    const nt = next.tables[table];
    if (!nt) continue;
    const carry = (
      have: Record<string, string>,
      want: Record<string, string>,
      same: (sql: string) => string,
      rename: (from: string, to: string) => string,
    ) => {
      for (const [name, sql] of Object.entries(have)) {
        if (want[name] === sql) continue;
        const target = Object.entries(want).find(([n, s]) => !(n in have) && same(s) === same(sql));
        if (!target) continue;
        delete have[name];
        have[target[0]] = target[1];
        out.push(rename(name, target[0]));
      }
    };
    carry(pt.indexes, nt.indexes, withoutIndexName, (a, b) => `ALTER INDEX ${q(a)} RENAME TO ${q(b)}`);
    const renameConstraint = (a: string, b: string) =>
      `ALTER TABLE ${q(table)} RENAME CONSTRAINT ${q(a)} TO ${q(b)}`;
    carry(pt.foreignKeys, nt.foreignKeys, (s) => s, renameConstraint);
    carry(pt.checks!, nt.checks ?? {}, (s) => s, renameConstraint);
  }
  return out;
}

/**
 * SQL statements that take a database from `prev` to `next`; empty when nothing changed. Throws
 * MigrationRefused, listing every problem, when the change would lose data or fail on a table with rows
 * and the intent does not cover it.
 */
export function diffSnapshots(prevIn: Snapshot, nextIn: Snapshot, intent: MigrationIntent = {}): string[] {
  const problems: string[] = [];
  const prev = normalized(prevIn);
  const next = normalized(nextIn);
  const allowDrop = new Set(intent.allowDrop ?? []);
  const usedDrops = new Set<string>();
  const dropAllowed = (what: string) => {
    if (!allowDrop.has(what)) return false;
    usedDrops.add(what);
    return true;
  };

  const renames = applyRenames(prev, next, intent, problems);
  const extensions: string[] = [];
  const drops: string[] = [];
  const dropTables: string[] = [];
  const creates: string[] = [];
  const alters: string[] = [];
  const fks: string[] = [];
  const checks: string[] = [];
  const idx: string[] = [];
  for (const ext of next.extensions)
    if (!prev.extensions.includes(ext)) extensions.push(`CREATE EXTENSION IF NOT EXISTS ${ext}`);

  for (const [name, pt] of Object.entries(prev.tables)) {
    const nt = next.tables[name];
    for (const [fk, def] of Object.entries(pt.foreignKeys))
      if (!nt || nt.foreignKeys[fk] !== def)
        drops.push(`ALTER TABLE ${q(name)} DROP CONSTRAINT IF EXISTS ${q(fk)}`);
    for (const [c, def] of Object.entries(pt.checks!))
      if (nt && nt.checks![c] !== def) drops.push(`ALTER TABLE ${q(name)} DROP CONSTRAINT IF EXISTS ${q(c)}`);
    for (const [i, def] of Object.entries(pt.indexes))
      if (!nt || nt.indexes[i] !== def) drops.push(`DROP INDEX IF EXISTS ${q(i)}`);
  }
  for (const name of Object.keys(prev.tables)) {
    if (next.tables[name]) continue;
    if (dropAllowed(name)) dropTables.push(`DROP TABLE ${q(name)}`);
    else
      problems.push(
        `table ${name} would be dropped with all its rows. If the schema was renamed, put "x-db": { "renamedFrom": "${name}" } ` +
          `at the top of the new schema (a child table: "renamedFrom" in its x-children); if the data is to go, ` +
          `run npm run codegen -- --allow-drop=${name}`,
      );
  }

  for (const [name, nt] of Object.entries(next.tables)) {
    const pt = prev.tables[name];
    if (!pt) {
      const cols = Object.entries(nt.columns).map(([c, s]) => `  ${columnSql(c, s)}`);
      creates.push(`CREATE TABLE ${q(name)} (\n${cols.join(',\n')}\n)`);
    } else {
      for (const c of Object.keys(pt.columns)) {
        if (nt.columns[c]) continue;
        if (dropAllowed(`${name}.${c}`)) alters.push(`ALTER TABLE ${q(name)} DROP COLUMN ${q(c)}`);
        else
          problems.push(
            `column ${name}.${c} would be dropped with its data. If the field was renamed, say so on the new ` +
              `property: "x-db": { "renamedFrom": "<old property name>" }; if the data is to go, run ` +
              `npm run codegen -- --allow-drop=${name}.${c}`,
          );
      }
      for (const [c, s] of Object.entries(nt.columns)) {
        const old = pt.columns[c];
        if (!old) {
          if (s.notNull && s.default === undefined && !s.primaryKey)
            problems.push(
              `${name}.${c}: a new NOT NULL column without a default cannot be added to a table that has rows. ` +
                `Give it a default, or make it optional (not required, or "null" in its type), or add it in two ` +
                `steps: first optional, fill it in, then required`,
            );
          alters.push(`ALTER TABLE ${q(name)} ADD COLUMN ${columnSql(c, s)}`);
          continue;
        }
        const typeChanged = old.type !== s.type;
        if (typeChanged) {
          const conversion = intent.conversions?.[name]?.[c];
          const using = conversion?.from === old.type ? conversion.expression : undefined;
          if (!using && !IMPLICIT_CASTS.has(`${old.type}>${s.type}`))
            problems.push(
              `${name}.${c}: ${old.type} → ${s.type} is not a conversion PostgreSQL makes by itself (values may fail ` +
                `or change). Declare it on the field: "x-db": { "using": { "from": "${old.type}", "expression": ` +
                `"<SQL of the new value from ${q(c)}>" } }` +
                (conversion ? ` (the declared one is from ${conversion.from})` : ''),
            );
          // The old default may not convert; the new one is set after the type.
          if (old.default !== undefined)
            alters.push(`ALTER TABLE ${q(name)} ALTER COLUMN ${q(c)} DROP DEFAULT`);
          alters.push(
            `ALTER TABLE ${q(name)} ALTER COLUMN ${q(c)} TYPE ${s.type}${using ? ` USING ${using}` : ''}`,
          );
        }
        const oldDefault = typeChanged ? undefined : old.default;
        if (oldDefault !== s.default)
          alters.push(
            `ALTER TABLE ${q(name)} ALTER COLUMN ${q(c)} ${s.default === undefined ? 'DROP DEFAULT' : `SET DEFAULT ${s.default}`}`,
          );
        if (!old.notNull && s.notNull) {
          // Rows that hold NULL get the default first; without one, SET NOT NULL would fail on them.
          if (s.default === undefined)
            problems.push(
              `${name}.${c} becomes NOT NULL without a default: rows holding NULL would stop the migration. ` +
                `Give it a default (the NULLs become the default), or keep it optional`,
            );
          else alters.push(`UPDATE ${q(name)} SET ${q(c)} = ${s.default} WHERE ${q(c)} IS NULL`);
          alters.push(`ALTER TABLE ${q(name)} ALTER COLUMN ${q(c)} SET NOT NULL`);
        } else if (old.notNull && !s.notNull)
          alters.push(`ALTER TABLE ${q(name)} ALTER COLUMN ${q(c)} DROP NOT NULL`);
      }
    }
    for (const [fk, def] of Object.entries(nt.foreignKeys))
      if (!pt || pt.foreignKeys[fk] !== def)
        fks.push(`ALTER TABLE ${q(name)} ADD CONSTRAINT ${q(fk)} ${def}`);
    for (const [c, def] of Object.entries(nt.checks!))
      if (!pt || pt.checks![c] !== def) checks.push(`ALTER TABLE ${q(name)} ADD CONSTRAINT ${q(c)} ${def}`);
    for (const [i, def] of Object.entries(nt.indexes)) if (!pt || pt.indexes[i] !== def) idx.push(def);
  }
  for (const what of allowDrop)
    if (!usedDrops.has(what))
      problems.push(`--allow-drop=${what}: this change drops no table or column of that name`);
  if (problems.length) throw new MigrationRefused(problems);
  return [
    ...extensions,
    ...renames,
    ...drops,
    ...dropTables,
    ...creates,
    ...alters,
    ...fks,
    ...checks,
    ...idx,
  ];
}

export function migrationName(prevIn: Snapshot, nextIn: Snapshot, number: number): string {
  const n = String(number).padStart(4, '0');
  if (number === 1) return `${n}_init.sql`;
  const prev = normalized(prevIn);
  const next = normalized(nextIn);
  const changed = Object.keys(next.tables)
    .filter((t) => JSON.stringify(prev.tables[t]) !== JSON.stringify(next.tables[t]))
    .concat(Object.keys(prev.tables).filter((t) => !next.tables[t]));
  // A change across many tables says so rather than naming three of them as if they were all.
  const more = changed.length > 3 ? '_and_more' : '';
  return `${n}_${changed.slice(0, 3).join('_') || 'schema'}${more}.sql`;
}

export function migrationSql(statements: string[], notes: string[] = []): string {
  return (
    '-- Generated by npm run codegen from schemas/ — do not edit; a schema change makes the next migration.\n' +
    notes.map((n) => `-- ${n}\n`).join('') +
    '\n' +
    statements.map((s) => `${s};`).join('\n\n') +
    '\n'
  );
}
