// @vitest-environment node
// What a page preloads is the static import graph of root, its layout and its route module (React Router's
// <Scripts/> preloads all of it): the parts a shopper needs only later must stay out of it, reached through
// import() alone (issue 28): the header and footer (lib/deferred: their HTML is the server's until their code
// arrives), the side menu and deployment watcher, the error pages and the counter; the product page's gallery,
// similar products, reviews, stock notice dialog (its phone mask, captcha) and photo viewer.
import { describe, expect, it } from 'vitest';
import { APP, SHELL_ENTRIES, shellChunkModules, staticGraph } from '../first-download';

/** The static graph of `entries` (paths under app/) as paths under app/. */
function graphOf(...entries: string[]): string[] {
  return [...staticGraph(entries)].map((f) => f.slice(APP.length + 1));
}

describe('every page first download (root and the layouts)', () => {
  const graph = [...graphOf('root.tsx'), ...graphOf('layouts/pages.tsx'), ...graphOf('layouts/default.tsx')];

  it('holds the layout around the page and what every page needs to work', () => {
    expect(graph).toEqual(
      expect.arrayContaining(['features/shell/SiteShell.tsx', 'lib/auth.tsx', 'ui/Toast.tsx', 'lib/seo.ts']),
    );
  });

  it('leaves out the header, the footer and what they hold, the error pages and the counter', () => {
    expect(
      graph.filter((f) =>
        /Header|Footer|Topbar|SiteNav|CatalogMenu|LiveSearch|SocialLinks|Newsletter|ErrorPage|MaintenancePage|Metrika|count-cookie/.test(
          f,
        ),
      ),
    ).toEqual([]);
  });

  it('leaves out the side menu, the feedback dialogs, the live search results and the deployment watcher', () => {
    expect(
      graph.filter((f) =>
        /MobileMenu|FeedbackDialogs|LiveSearchResults|AppUpdates|app-version|Captcha/.test(f),
      ),
    ).toEqual([]);
  });
});

describe("the shell's chunk (vite.config.ts)", () => {
  const chunk = [...shellChunkModules()].map((f) => f.slice(APP.length + 1));

  it('holds the small modules of every page', () => {
    expect(chunk).toEqual(
      expect.arrayContaining([
        'lib/auth.tsx',
        'ui/Icon.tsx',
        'ui/PriceTag.tsx',
        'features/cart/AddToCartForm.tsx',
      ]),
    );
  });

  it("holds no feature's index, nor what reaches one (it would bring the rest of that feature)", () => {
    expect(
      chunk.filter((f) => /^features\/[^/]+\/index\.tsx?$|Header\.tsx|Footer\.tsx|^root\.tsx/.test(f)),
    ).toEqual([]);
  });

  it('follows a feature index only for the names taken from it', () => {
    const shell = graphOf(...SHELL_ENTRIES);
    expect(shell).toContain('features/shell/index.ts');
    expect(shell.filter((f) => /SocialLinks|AppUpdates/.test(f))).toEqual([]);
  });
});

describe('the product page first download', () => {
  const graph = graphOf('routes/catalog.$slug.product.$productSlug.tsx');

  it('holds the page itself', () => {
    expect(graph).toContain('features/product/product-page.tsx');
    expect(graph).toContain('features/product/ProductPurchase.tsx');
  });

  it('leaves out the head, the gallery, the description, the similar products, the reviews and the dialogs', () => {
    expect(
      graph.filter((f) =>
        /ProductHead|Stars|Gallery|Picture|ProductDescription|ProductSection|ProductCard|ProductReviews|StockNoticeDialog|MaskedInput|RatingInput|Captcha|ImageViewer|wait-for-image/.test(
          f,
        ),
      ),
    ).toEqual([]);
  });
});
