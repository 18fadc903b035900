// Reads schemas/entities/<domain>/*.schema.json and turns each into an EntityModel: the one description every
// emitter (types, zod, Drizzle tables, migrations, REST registration, OpenAPI, react-admin) works from.
// Vocabulary errors are reported here, once, with the file and the property that is wrong.
// types.ts is the model; entity.ts reads one schema: field.ts and field-checks.ts its properties,
// children.ts its child tables, screens.ts x-list and x-form, access.ts x-access, table.ts x-db; names.ts
// names tables and columns; check.ts holds the checks they share. This file loads the folder and checks
// what spans entities (tables used twice, references, renames).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ENTITIES_DIR, schemaFiles } from '@shop/schemas/files';
import { SchemaError } from './check';
import { entityModel } from './entity';
import type { EntityModel, JsonSchema } from './types';

export * from './types';
export { SchemaError } from './check';
export { pascal, snake } from './names';

export const DEFAULT_SCHEMAS_DIR = ENTITIES_DIR;

/**
 * Loads and checks every entity schema of `dir` and its domain folders; entities come sorted by file name,
 * which is the resource name. An entity's `file` is its path under `dir` ("sales/orders.schema.json").
 */
export function loadModel(dir = DEFAULT_SCHEMAS_DIR): EntityModel[] {
  const files = schemaFiles(dir);
  const entities = files.map((f) => {
    const path = join(dir, f);
    let raw: JsonSchema;
    try {
      raw = JSON.parse(readFileSync(path, 'utf8')) as JsonSchema;
    } catch (e) {
      throw new SchemaError(`${f}: not valid JSON: ${(e as Error).message}`);
    }
    return entityModel(f, raw);
  });
  const byResource = new Map(entities.map((e) => [e.resource, e]));
  const tables = new Set<string>();
  for (const e of entities) {
    for (const t of [e.table, ...e.children.map((c) => c.table)]) {
      if (tables.has(t)) throw new SchemaError(`${e.file}: table ${t} is used twice`);
      tables.add(t);
    }
    for (const f of [...e.fields, ...e.children.flatMap((c) => c.fields)]) {
      if (f.ref && !byResource.has(f.ref.resource))
        throw new SchemaError(`${e.file}: ${f.name}: x-ref names unknown resource ${f.ref.resource}`);
    }
  }
  for (const e of entities)
    for (const [t, from] of [
      [e.table, e.renamedFrom],
      ...e.children.map((c) => [c.table, c.renamedFrom] as const),
    ] as const)
      if (from && tables.has(from))
        throw new SchemaError(
          `${e.file}: table ${t} is renamed from ${from}, which is still a table: a rename leaves one of the two`,
        );
  return entities;
}
