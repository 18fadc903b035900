// What a page's first download holds: React Router's <Scripts/> modulepreloads the static import graph of
// root, the page's layout and its route module, so that graph is what every visit pays for before the page
// works (issue 28). Read from the sources, by the build (vite.config.ts: the shell's chunk) and by the tests
// (app/first-download.test.ts: what must stay out); measured on a built page's HTML by the bench
// (bench/pages.ts) and the browser tests (e2e/tests/first-download.spec.ts: the product page's budget).
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { WAITING_TYPE } from './app/lib/hydration-start';

export const APP = resolve(import.meta.dirname, 'app');

/** The modules every page preloads: root and the two layouts with a header and footer. */
export const SHELL_ENTRIES = ['root.tsx', 'layouts/pages.tsx', 'layouts/default.tsx'];

/** Names a module is imported for; 'all' for a namespace import, an `export *` or an entry. */
type Names = Set<string> | 'all';

interface Edge {
  target: string;
  /** For an import, the names taken; for a re-export, exported name → the source module's name. */
  names: 'all' | Map<string, string>;
  reexport: boolean;
}

/** A relative specifier resolved to a source file (.ts, .tsx or the folder's index). */
function sourceOf(from: string, spec: string): string | null {
  const base = resolve(dirname(from), spec);
  for (const file of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`])
    if (existsSync(file) && /\.tsx?$/.test(file)) return file;
  return null;
}

/** `{ a, b as c, type D }` or `X` or `X, { a }` or `* as X`: the names imported (key: the name used here). */
function clauseNames(clause: string): 'all' | Map<string, string> {
  if (/^\*/.test(clause)) return 'all';
  const names = new Map<string, string>();
  const braces = /\{([^}]*)\}/.exec(clause);
  if (!/^\{/.test(clause) && /^[\w$]+/.test(clause)) names.set('default', 'default');
  for (const part of braces?.[1]?.split(',') ?? []) {
    const [source, local] = part.trim().split(/\s+as\s+/);
    if (!source || /^type\s/.test(source)) continue;
    names.set((local ?? source).trim(), source.trim());
  }
  return names;
}

const cache = new Map<string, Edge[]>();

/** The module's static imports and re-exports of other sources (type-only ones, styles and *.server left out). */
function edgesOf(file: string): Edge[] {
  let edges = cache.get(file);
  if (edges) return edges;
  edges = [];
  const text = readFileSync(file, 'utf8');
  for (const [, keyword, clause, spec] of text.matchAll(
    /^(import|export)\s+(?!type\s)([^;]*?)\s*from\s+'(\.{1,2}\/[^']+)'/gm,
  )) {
    const target = sourceOf(file, spec!);
    // Loaders and actions (*.server.ts) never reach the browser: React Router drops them from its build.
    if (!target || /\.server\.tsx?$/.test(target)) continue;
    edges.push({ target, names: clauseNames(clause!.trim()), reexport: keyword === 'export' });
  }
  cache.set(file, edges);
  return edges;
}

/**
 * Every module reached from the entries (paths under app/) by static imports, following a feature's index only
 * for the names taken from it: `import { useCartCount } from '../cart'` reaches what exports useCartCount, not
 * the cart page beside it (the bundler leaves that out too). `exact: false` follows every re-export instead.
 */
export function staticGraph(entries: string[], { exact = true } = {}): Set<string> {
  const needed = new Map<string, Names>();
  const queue: [string, Names][] = entries.map((entry) => [resolve(APP, entry), 'all']);
  for (let item = queue.pop(); item; item = queue.pop()) {
    const [file, names] = item;
    const known = needed.get(file);
    if (known === 'all' || (known && names !== 'all' && [...names].every((n) => known.has(n)))) continue;
    const all: Names = names === 'all' ? 'all' : new Set([...(known ?? []), ...names]);
    needed.set(file, all);
    for (const edge of edgesOf(file)) {
      if (!edge.reexport || !exact || all === 'all' || edge.names === 'all') {
        queue.push([edge.target, edge.names === 'all' || !exact ? 'all' : new Set(edge.names.values())]);
        continue;
      }
      const taken = [...edge.names].filter(([exported]) => all.has(exported)).map(([, source]) => source);
      if (taken.length) queue.push([edge.target, new Set(taken)]);
    }
  }
  return new Set(needed.keys());
}

/**
 * Small modules the catalogue's pages share, the product page's first download above all (the price, the
 * stepper, the sticky bar, the buy and favourite buttons…), 0.1–1 kB each: in the shell's chunk
 * rather than a dozen files of their own, each compressed alone. Every page is smaller for it, though most
 * use only some of them (issue 28: the product page's 120 kB).
 */
export const PAGE_KIT = [
  'ui/PriceTag.tsx',
  'ui/QuantityStepper.tsx',
  'ui/StickyBar.tsx',
  'ui/Breadcrumbs.tsx',
  'lib/guest-page.ts',
  'lib/hydrated.ts',
  'lib/offer-attributes.ts',
  'features/cart/AddToCartForm.tsx',
  'features/catalog/FavoriteButton.tsx',
  'features/feedback/stock-notice-label.ts',
];

/**
 * The shell's modules, and the kit's, that can share one chunk: in every page's graph, and reaching no feature's index by any
 * import (the bundler puts a module's whole import graph into its chunk, and an index would bring the rest
 * of its feature). Fewer files: each costs its own compression and import lines (issue 28).
 */
export function shellChunkModules(): Set<string> {
  const shell = staticGraph([...SHELL_ENTRIES, ...PAGE_KIT]);
  const reachesIndex = (file: string) =>
    [...staticGraph([file], { exact: false })].some((f) =>
      /[\\/]features[\\/][^\\/]+[\\/]index\.tsx?$/.test(f),
    );
  return new Set([...shell].filter((file) => !reachesIndex(file)));
}

// ----------------------------------------------------------------------- a built page's first download

/**
 * The /assets/ modules a page's HTML loads (module scripts, their imports, modulepreload links), whether at once
 * or once its main picture is painted (app/lib/page-scripts.tsx: the module script waits under another type,
 * its modulepreloads listed on it).
 */
export function scriptsInHtml(html: string): string[] {
  const found = new Set<string>();
  for (const [, href] of html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="(\/assets\/[^"]+)"/g))
    found.add(href!);
  for (const [, list] of html.matchAll(/<script\b[^>]*\bdata-modulepreload="([^"]*)"/g))
    for (const href of list!.split(' ')) if (href.startsWith('/assets/')) found.add(href);
  for (const [, src] of html.matchAll(/<script\b[^>]*\bsrc="(\/assets\/[^"]+\.js)"/g)) found.add(src!);
  // Inline module scripts import the entry and the route modules (not the manifest they mention).
  for (const [, body] of html.matchAll(
    new RegExp(`<script\\b[^>]*type="(?:module|${WAITING_TYPE})"[^>]*>([\\s\\S]*?)</script>`, 'g'),
  ))
    for (const [, spec] of body!.matchAll(
      /\bimport\s*(?:[^'"();]*?\bfrom\s*)?\(?\s*"(\/assets\/[^"]+\.js)"/g,
    ))
      found.add(spec!);
  return [...found];
}

/** One asset of the running shop, uncompressed: Fastify's inject in the bench, HTTP in the browser tests. */
export type GetAsset = (url: string) => Promise<{ status: number; body: Buffer }>;

export interface FirstDownload {
  /** The modules, /assets/… */
  files: string[];
  rawBytes: number;
  /** Each file gzipped on its own (level 6), as a server compressing them would send them. */
  gzipBytes: number;
}

/**
 * The JavaScript a page's HTML has the browser load before the page works: its scripts and modulepreloads,
 * and their static imports (`import … from "./x.js"`); what is import()ed (lib/deferred's parts, the dialogs)
 * comes after and is not counted.
 */
export async function firstDownload(html: string, get: GetAsset): Promise<FirstDownload> {
  const queue = scriptsInHtml(html);
  const seen = new Set(queue);
  let rawBytes = 0;
  let gzipBytes = 0;
  for (let url = queue.shift(); url; url = queue.shift()) {
    const { status, body } = await get(url);
    if (status !== 200) throw new Error(`the page loads ${url}: ${status}`);
    rawBytes += body.length;
    gzipBytes += gzipSync(body).length;
    // A chunk's own imports are listed as modulepreload links already; anything missing is added here.
    for (const [, name] of body.toString('utf8').matchAll(/\b(?:from|import)\s*"\.\/([^"]+\.js)"/g)) {
      const next = `/assets/${name}`;
      if (seen.has(next)) continue;
      seen.add(next);
      queue.push(next);
    }
  }
  return { files: [...seen], rawBytes, gzipBytes };
}
