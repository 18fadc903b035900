// No module of the project imports itself back through others, type-only imports included: a cycle is a sign
// that a type or a helper lives in the wrong file (shared types go to the folder's types.ts). dpdm reads the
// imports as TypeScript does, across the workspaces.
import { parseCircular, parseDependencyTree } from 'dpdm';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const SOURCES = [
  'server/src/**/*.ts',
  'admin/src/**/*.{ts,tsx}',
  'storefront/app/**/*.{ts,tsx}',
  'client/src/**/*.ts',
  'codegen/src/**/*.ts',
  'schemas/*.ts',
];

async function cycles(globs: string[]): Promise<string[]> {
  const tree = await parseDependencyTree(globs, {
    cwd: ROOT,
    context: ROOT,
    // Type imports count: transform would strip them before reading.
    transform: false,
    skipDynamicImports: false,
  });
  return parseCircular(tree).map((cycle) => cycle.join(' → '));
}

describe('import cycles', () => {
  it('are found even when every import of the cycle is type-only', async () => {
    const found = await cycles(['server/test/fixtures/type-cycle/*.ts']);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(/type-cycle\/(a|b)\.ts → server\/test\/fixtures\/type-cycle\/(a|b)\.ts/);
  });

  it('none in the server, the admin, the storefront, the client, the codegen or the schemas', async () => {
    expect(await cycles(SOURCES)).toEqual([]);
  }, 60_000);
});
