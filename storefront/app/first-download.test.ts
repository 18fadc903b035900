// @vitest-environment node
// What a page preloads is the static import graph of root, its layout and its route module (React Router's
// <Scripts/> preloads all of it): the parts a shopper needs only later must stay out of it, reached through
// import() alone (issue 28): the shell's side menu and deployment watcher, the product page's reviews, stock
// notice dialog (its phone mask, captcha) and photo viewer.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const APP = import.meta.dirname;

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

/** The graph of `entry` (a path under app/) as paths under app/. */
function graphOf(entry: string): string[] {
  return [...staticGraph(resolve(APP, entry))].map((f) => f.slice(APP.length + 1));
}

describe('every page first download (root and the layouts)', () => {
  const graph = [...graphOf('root.tsx'), ...graphOf('layouts/pages.tsx'), ...graphOf('layouts/default.tsx')];

  it('holds the header and the footer', () => {
    expect(graph).toContain('features/shell/Header.tsx');
    expect(graph).toContain('features/shell/Footer.tsx');
  });

  it('leaves out the side menu, the feedback dialogs, the live search results and the deployment watcher', () => {
    expect(
      graph.filter((f) =>
        /MobileMenu|FeedbackDialogs|LiveSearchResults|AppUpdates|app-version|Captcha/.test(f),
      ),
    ).toEqual([]);
  });
});

describe('the product page first download', () => {
  const graph = graphOf('routes/catalog.$slug.product.$productSlug.tsx');

  it('holds the page itself', () => {
    expect(graph).toContain('features/product/product-page.tsx');
    expect(graph).toContain('features/product/ProductPurchase.tsx');
    expect(graph).toContain('features/product/Gallery.tsx');
  });

  it('leaves out the reviews, the stock notice dialog, the phone mask and the photo viewer', () => {
    expect(
      graph.filter((f) =>
        /ProductReviews|StockNoticeDialog|MaskedInput|RatingInput|Captcha|ImageViewer|wait-for-image/.test(f),
      ),
    ).toEqual([]);
  });
});
