// @vitest-environment node
// The storefront's folders and who may import whom (docs/architecture.md, «Storefront»): lib/ is the shared
// infrastructure and ui/ the shared components, neither knows a feature; a feature reaches another only
// through its index.ts (index.server.ts for server work); a route module only re-exports a feature's page.
// Tests may reach further: they are not part of what runs.
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const APP = import.meta.dirname;

function sources(folder: string): string[] {
  return readdirSync(join(APP, folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
    .map((file) => join(folder, file));
}

/** The app-relative paths a module imports (static, dynamic and re-exports), without extension. */
function importsOf(file: string): string[] {
  const text = readFileSync(join(APP, file), 'utf8');
  const specifiers = [...text.matchAll(/(?:from\s+|import\s*\(?\s*)'(\.{1,2}\/[^']+)'/g)].map(
    (m) => m[1] ?? '',
  );
  return specifiers
    .filter(
      (spec) => !spec.startsWith('./+types/') && !spec.includes('/routes/+types/') && !spec.endsWith('.css'),
    )
    .map((spec) => relative(APP, resolve(APP, dirname(file), spec)));
}

const featureOf = (path: string) => /^features\/([^/]+)/.exec(path)?.[1];

describe('storefront structure', () => {
  it('lib/ and ui/ import no feature, and lib/ no component of ui/', () => {
    const wrong = [...sources('lib'), ...sources('ui')].flatMap((file) =>
      importsOf(file)
        .filter(
          (target) => target.startsWith('features/') || (file.startsWith('lib/') && target.startsWith('ui/')),
        )
        .map((target) => `${file} → ${target}`),
    );
    expect(wrong).toEqual([]);
  });

  it("a feature imports another only through that feature's index", () => {
    const wrong = sources('features').flatMap((file) =>
      importsOf(file)
        .filter((target) => {
          const owner = featureOf(target);
          return owner && owner !== featureOf(file) && !/^features\/[^/]+(\/index(\.server)?)?$/.test(target);
        })
        .map((target) => `${file} → ${target}`),
    );
    expect(wrong).toEqual([]);
  });

  // The page's component is imported and exported as `export default Page`, not re-exported: React Router
  // wraps a route module's default export to hand it its props (loaderData, actionData…), and a re-export
  // would reach the page unwrapped.
  it("route modules only re-export a feature's page", () => {
    const allowed = [
      /^export \{ [\w, ]+ \} from '\.\.\/features\/[\w/.-]+';$/,
      /^import Page from '\.\.\/features\/[\w/.-]+';$/,
      /^export default Page;$/,
    ];
    const wrong = sources('routes').filter((file) => {
      const lines = readFileSync(join(APP, file), 'utf8').trim().split('\n');
      return !lines.every((line) => allowed.some((rule) => rule.test(line)));
    });
    expect(wrong).toEqual([]);
  });
});
