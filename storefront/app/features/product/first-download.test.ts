// @vitest-environment node
// What the product page preloads is its route module's static import graph (React Router's <Scripts/>
// preloads all of it): the parts a shopper needs only later (the review form, the stock notice's dialog
// with its phone mask and captcha) must stay out of it, reached through import() alone (issue 28).
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const APP = resolve(import.meta.dirname, '../..');

/** A relative specifier resolved to a source file (.ts, .tsx or the folder's index). */
function sourceOf(from: string, spec: string): string | null {
  const base = resolve(dirname(from), spec);
  for (const file of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`])
    if (existsSync(file) && /\.tsx?$/.test(file)) return file;
  return null;
}

/** Every browser module reached from `entry` by static imports and re-exports (type-only ones left out). */
function staticGraph(entry: string): Set<string> {
  const seen = new Set<string>();
  const queue = [entry];
  for (let file = queue.pop(); file; file = queue.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    const text = readFileSync(file, 'utf8');
    for (const [statement, spec] of text.matchAll(/^(?:import|export)\s[^;]*?from\s+'(\.{1,2}\/[^']+)'/gm)) {
      if (/^(?:import|export)\s+type\s/.test(statement)) continue;
      const target = sourceOf(file, spec!);
      // Loaders and actions (*.server.ts) never reach the browser: React Router drops them from its build.
      if (target && !/\.server\.tsx?$/.test(target)) queue.push(target);
    }
  }
  return seen;
}

describe('the product page first download', () => {
  const graph = [...staticGraph(resolve(APP, 'routes/catalog.$slug.product.$productSlug.tsx'))].map((f) =>
    f.slice(APP.length + 1),
  );

  it('holds the page itself', () => {
    expect(graph).toContain('features/product/product-page.tsx');
    expect(graph).toContain('features/product/ProductPurchase.tsx');
  });

  it('leaves out the reviews, the stock notice dialog and the phone mask', () => {
    expect(
      graph.filter((f) => /ProductReviews|StockNoticeDialog|MaskedInput|RatingInput|Captcha/.test(f)),
    ).toEqual([]);
  });
});
