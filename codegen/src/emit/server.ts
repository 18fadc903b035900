// The server's generated half: Drizzle tables (queries), the admin REST registration (what the generic
// CRUD layer may do with each resource) and the OpenAPI fragment of the admin API.
import { deriveSchema, fieldLabels } from '../derive';
import type { ChildModel, EntityModel, FieldModel } from '../model';
import { GENERATED_HEADER } from './header';

const camel = (s: string) => s.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
export const tableConst = (table: string) => camel(table);

function drizzleColumn(f: FieldModel): string {
  const c = JSON.stringify(f.column);
  if (f.name === 'id') return `integer(${c}).primaryKey().generatedByDefaultAsIdentity()`;
  let out: string;
  switch (f.kind) {
    case 'integer':
      out = `integer(${c})`;
      break;
    case 'bigint':
      out = `bigint(${c}, { mode: 'number' })`;
      break;
    case 'number':
      out = `doublePrecision(${c})`;
      break;
    case 'string':
      out = f.dbType === 'tsvector' ? `tsvector(${c})` : `text(${c})`;
      break;
    case 'boolean':
      out = `boolean(${c})`;
      break;
    case 'date-time':
      out = `timestamp(${c}, { withTimezone: true, mode: 'date' })`;
      break;
    case 'date':
      out = `date(${c}, { mode: 'string' })`;
      break;
    case 'integer[]':
      out = `integer(${c}).array()`;
      break;
    case 'string[]':
      out = `text(${c}).array()`;
      break;
    case 'json':
      out = `jsonb(${c})`;
      break;
  }
  if (!f.nullable) out += '.notNull()';
  // Defaults here only shape Drizzle's insert types (an omitted column is sent as DEFAULT); the migration owns them.
  if (f.default !== undefined) out += `.default(${JSON.stringify(f.default)})`;
  else if (f.readOnly && (f.name === 'createdAt' || f.name === 'updatedAt')) out += '.defaultNow()';
  return out;
}

function tableDef(table: string, fields: FieldModel[], parent?: { column: string }): string {
  const cols = fields.filter((f) => !f.virtual).map((f) => `  ${f.name}: ${drizzleColumn(f)},`);
  if (parent) {
    cols.splice(1, 0, `  ${camel(parent.column)}: integer(${JSON.stringify(parent.column)}).notNull(),`);
    cols.push(`  position: integer('position').notNull(),`);
  }
  return `export const ${tableConst(table)} = pgTable(${JSON.stringify(table)}, {\n${cols.join('\n')}\n});\n`;
}

/** x-list.search "offers.article": the child tables and columns `q` also looks in (by substring). */
export function childSearch(e: EntityModel): { table: string; parentColumn: string; column: string }[] {
  return e.list.childSearch.map(({ property, field }) => {
    const child = e.children.find((c) => c.property === property)!;
    return {
      table: child.table,
      parentColumn: child.parentColumn,
      column: child.fields.find((f) => f.name === field)!.column,
    };
  });
}

/** SQL text of the expression the full-text `q` searches; the migration indexes the very same text. */
export function searchExpression(e: EntityModel): string | null {
  if (!e.list.search.length) return null;
  const cols = e.list.search.map((name) => e.fields.find((f) => f.name === name)!.column);
  return cols.map((c) => `coalesce("${c}", '')`).join(` || ' ' || `);
}

function fieldDef(f: FieldModel) {
  return {
    name: f.name,
    column: f.column,
    kind: f.kind,
    label: f.label,
    nullable: f.nullable,
    readOnly: f.readOnly,
    private: f.private,
    virtual: f.virtual,
    writeOnly: f.writeOnly,
    ...(f.ref ? { ref: { resource: f.ref.resource, many: f.ref.many } } : {}),
    ...(f.writeRoles ? { writeRoles: f.writeRoles } : {}),
    ...(f.notBefore ? { notBefore: f.notBefore } : {}),
    ...(secretKeysOf(f) ? { keys: secretKeysOf(f) } : {}),
  };
}

/** A stored write-only object with properties (payment keys): its keys, each set or kept on its own. */
function secretKeysOf(f: FieldModel): string[] | undefined {
  const props = f.schema.properties;
  return f.writeOnly && !f.virtual && f.kind === 'json' && props ? Object.keys(props) : undefined;
}

function childDef(c: ChildModel) {
  return `{ property: ${JSON.stringify(c.property)}, table: t.${tableConst(c.table)}, parentKey: ${JSON.stringify(camel(c.parentColumn))}, label: ${JSON.stringify(c.label)}, fields: ${JSON.stringify(c.fields.map(fieldDef))}${c.readOnly ? ', readOnly: true' : ''} }`;
}

function hookImports(entities: EntityModel[]) {
  const imports: string[] = [];
  const refs = new Map<string, string>();
  for (const e of entities) {
    for (const [name, target] of Object.entries(e.hooks).sort()) {
      const [path, exported] = target.split('#');
      if (!path || !exported)
        throw new Error(`${e.file}: x-hooks.${name} must look like "./<domain>/file#export"`);
      const local = `${camel(e.resource.replace(/-/g, '_'))}_${name}`;
      // "./catalog/hooks" names a file of the domain catalog (server/src/domains/catalog/hooks.ts).
      imports.push(`import { ${exported} as ${local} } from '../src/domains/${path.replace(/^\.\//, '')}';`);
      refs.set(`${e.resource}.${name}`, local);
    }
    // x-list.views: each condition from its domain's file, as the hooks are.
    for (const v of e.list.views) {
      const [path, exported] = v.where.split('#') as [string, string];
      const local = `${camel(e.resource.replace(/-/g, '_'))}_view_${v.key}`;
      imports.push(`import { ${exported} as ${local} } from '../src/domains/${path.replace(/^\.\//, '')}';`);
      refs.set(`${e.resource}.view.${v.key}`, local);
    }
  }
  return { imports, refs };
}

/**
 * The table or its child tables keep a secret: a private field (a password's hash, a token, a key) other
 * than a search document, or a write-only one. A failed statement on them is logged without its values.
 */
export function holdsSecrets(e: EntityModel): boolean {
  return [...e.fields, ...e.children.flatMap((c) => c.fields)].some(
    (f) => f.writeOnly || (f.private && f.dbType !== 'tsvector'),
  );
}

export function emitServer(entities: EntityModel[]): Record<string, string> {
  const kinds = new Set(
    entities.flatMap((e) => [...e.fields, ...e.children.flatMap((c) => c.fields)]).map((f) => f.kind),
  );
  const builders = new Set(['pgTable', 'integer']);
  const map: Record<string, string> = {
    bigint: 'bigint',
    number: 'doublePrecision',
    string: 'text',
    boolean: 'boolean',
    'date-time': 'timestamp',
    date: 'date',
    'string[]': 'text',
    json: 'jsonb',
  };
  for (const k of kinds) if (map[k]) builders.add(map[k]);
  const tsvector = entities.some((e) =>
    [...e.fields, ...e.children.flatMap((c) => c.fields)].some((f) => f.dbType === 'tsvector'),
  );
  if (tsvector) builders.add('customType');
  const tables = [
    GENERATED_HEADER,
    `import { ${[...builders].sort().join(', ')} } from 'drizzle-orm/pg-core';`,
    '',
    ...(tsvector
      ? [
          '/** A search document: written by server code as SQL (to_tsvector…), never sent by the API. */',
          "const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });",
          '',
        ]
      : []),
    ...entities.flatMap((e) => [
      tableDef(e.table, e.fields),
      ...e.children.map((c) => tableDef(c.table, c.fields, { column: c.parentColumn })),
    ]),
  ].join('\n');

  const { imports, refs } = hookImports(entities);
  // x-list.views, only where there are some.
  const views = (e: EntityModel) =>
    e.list.views.length
      ? `\n    views: { ${e.list.views
          .map(
            (v) =>
              `${v.key}: { label: ${JSON.stringify(v.label)}, where: ${refs.get(`${e.resource}.view.${v.key}`)} satisfies ListView }`,
          )
          .join(', ')} },`
      : '';
  const defs = entities.map((e) => {
    const filters = Object.fromEntries(e.list.filters.map((f) => [f.field, f.ops]));
    // Each hook is checked against its entity's generated types, then handed to the untyped CRUD service.
    const hooks = Object.keys(e.hooks)
      .sort()
      .map(
        (h) =>
          `${h}: ${refs.get(`${e.resource}.${h}`)} satisfies EntityHooks<'${e.resource}'>['${h}'] as unknown as ResourceHooks['${h}']`,
      )
      .join(', ');
    return `  {
    resource: ${JSON.stringify(e.resource)},
    typeName: ${JSON.stringify(e.typeName)},
    label: ${JSON.stringify(e.label)},
    admin: ${e.admin},
    storefront: ${e.storefront},
    table: t.${tableConst(e.table)},
    tableName: ${JSON.stringify(e.table)},${holdsSecrets(e) ? '\n    holdsSecrets: true,' : ''}
    fields: ${JSON.stringify(e.fields.map(fieldDef))},
    children: [${e.children.map(childDef).join(', ')}],
    search: ${JSON.stringify(searchExpression(e))},
    childSearch: ${JSON.stringify(childSearch(e))},
    filters: ${JSON.stringify(filters)},
    sortable: ${JSON.stringify(e.list.sortable)},
    defaultSort: ${JSON.stringify(e.list.sort)},
    perPage: ${e.list.perPage},
    tabs: ${JSON.stringify(e.list.tabs)},${views(e)}
    access: ${JSON.stringify(e.access)},
    rowScopes: ${JSON.stringify(e.rowScopes)},
    labels: ${JSON.stringify(fieldLabels(e))},
    schemas: {
      read: ${JSON.stringify(deriveSchema(e, 'read'))},
      create: ${JSON.stringify(deriveSchema(e, 'create'))},
      patch: ${JSON.stringify(deriveSchema(e, 'patch'))},
    },
    hooks: { ${hooks} },
  },`;
  });
  const resources = [
    GENERATED_HEADER,
    `import type { EntityHooks, ${entities.some((e) => e.list.views.length) ? 'ListView, ' : ''}ResourceDef, ResourceHooks } from '../src/platform/crud/types';`,
    "import * as t from './tables';",
    ...imports,
    '',
    'export const resources: ResourceDef[] = [',
    ...defs,
    '];',
    '',
  ].join('\n');

  return {
    'server/generated/tables.ts': tables,
    'server/generated/resources.ts': resources,
  };
}
