// The server's folders as the architecture draws them (docs/architecture.md), kept by the imports:
// - platform/ (db, http, auth, crud, storage, web, jobs: the job runner and the one scheduler, config) imports
//   nothing of the shop's own: domains register their endpoints, CSV formats and jobs with it (index.ts);
// - domains/<d>/ import the platform, their own files, and other domains in one declared
//   direction (DOMAIN_ORDER: a domain uses only those before it), each through its index.ts;
// - flows/ (processes across domains) and the composition (app.ts, seed/) use any domain, through its index.ts.
// No folder reaches back: the folder graph has no cycle.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = resolve(import.meta.dirname, '../src');

/** Lower first: a domain may import the index of one before it, never after. */
export const DOMAIN_ORDER = [
  'settings',
  'privacy',
  'messages',
  'forms',
  'accounts',
  'pricing',
  'catalog',
  'content',
  'feeds',
  'payments',
  'delivery',
  'sales',
];

const files = (readdirSync(SRC, { recursive: true }) as string[])
  .filter((f) => /\.(ts|js)$/.test(f))
  .map((f) => join(SRC, f));

function resolveImport(from: string, spec: string): string | null {
  const base = resolve(dirname(from), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.js`, join(base, 'index.ts')])
    try {
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // not this one
    }
  return null;
}

/** Every relative import of the server's code, type-only ones included: a type is a dependency too. */
const imports = files.flatMap((file) =>
  [...readFileSync(file, 'utf8').matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)].flatMap((m) => {
    const target = resolveImport(file, m[1]!);
    return target && target.startsWith(SRC) ? [{ from: relative(SRC, file), to: relative(SRC, target) }] : [];
  }),
);

/**
 * The folder a file belongs to, as the layers see it: each domain (domains/catalog), each flow
 * (flows/payment), the platform as one layer (its db, http, crud… are parts of one whole and use each other).
 */
function folderOf(path: string): string {
  const parts = path.split('/');
  if (parts.length === 1) return '(composition)';
  if ((parts[0] === 'domains' || parts[0] === 'flows') && parts.length > 2) return `${parts[0]}/${parts[1]}`;
  return parts[0]!;
}

const domainOf = (path: string) => (path.startsWith('domains/') ? path.split('/')[1]! : null);

describe('the server’s layers', () => {
  it('reads the imports (a broken reading would prove nothing)', () => {
    expect(files.length).toBeGreaterThan(150);
    expect(imports.length).toBeGreaterThan(800);
    expect(new Set(files.map((f) => domainOf(relative(SRC, f))).filter(Boolean))).toEqual(
      new Set(DOMAIN_ORDER),
    );
  });

  it('the platform imports nothing of the shop', () => {
    const wrong = imports.filter(
      ({ from, to }) => from.startsWith('platform/') && !to.startsWith('platform/'),
    );
    expect(wrong.map(({ from, to }) => `${from} → ${to}`)).toEqual([]);
  });

  it('a domain uses another only through its index.ts, and only one declared before it', () => {
    const wrong: string[] = [];
    for (const { from, to } of imports) {
      const target = domainOf(to);
      const source = domainOf(from);
      if (!target || target === source) continue;
      if (to !== `domains/${target}/index.ts`) wrong.push(`${from} → ${to} (past the index of ${target})`);
      if (source && DOMAIN_ORDER.indexOf(target) > DOMAIN_ORDER.indexOf(source))
        wrong.push(`${from} → ${to} (${source} comes before ${target} in DOMAIN_ORDER)`);
    }
    expect(wrong).toEqual([]);
    // Nothing of a domain imports a flow.
    expect(imports.filter(({ from, to }) => domainOf(from) && to.startsWith('flows/'))).toEqual([]);
  });

  it('no folder-level cycle', () => {
    const edges = new Map<string, Set<string>>();
    for (const { from, to } of imports) {
      const [a, b] = [folderOf(from), folderOf(to)];
      if (a !== b) edges.set(a, (edges.get(a) ?? new Set()).add(b));
    }
    const cycles: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const visit = (node: string, path: string[]) => {
      if (state.get(node) === 'done') return;
      if (state.get(node) === 'open') {
        cycles.push([...path.slice(path.indexOf(node)), node].join(' → '));
        return;
      }
      state.set(node, 'open');
      for (const next of edges.get(node) ?? []) visit(next, [...path, node]);
      state.set(node, 'done');
    };
    for (const node of edges.keys()) visit(node, []);
    expect(cycles).toEqual([]);
  });
});
