// Where the schema files are, for the code that reads them all (codegen, the server's payload schemas, tests).
// Each folder is split by domain (entities/sales/orders.schema.json): whoever lists one reads it recursively,
// in the order of the file names, so moving a file to another domain changes nothing generated.
import { readdirSync } from 'node:fs';
import { basename, join } from 'node:path';

/** The entity schemas: one file per admin entity, under the folder of its domain. */
export const ENTITIES_DIR = join(import.meta.dirname, 'entities');
/** The API payload schemas, shared by their $id, under the folder of their domain. */
export const API_DIR = join(import.meta.dirname, 'api');
/** Those payload schemas as the server uses them, views expanded (written by codegen/src/views.ts). */
export const API_SCHEMAS_FILE = join(import.meta.dirname, 'generated/api-schemas.json');

/**
 * The `*.schema.json` files under `dir`, at any depth, as paths relative to it ("sales/orders.schema.json"),
 * sorted by file name: the order does not depend on the domain folders.
 */
export function schemaFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((path) => path.endsWith('.schema.json'))
    .map((path) => path.split('\\').join('/'))
    .sort((a, b) => compare(basename(a), basename(b)) || compare(a, b));
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The full path of each schema file under `dir` (see schemaFiles). */
export const schemaPaths = (dir: string): string[] => schemaFiles(dir).map((f) => join(dir, f));
