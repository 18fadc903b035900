// GET /sitemap.xml and GET /robots.txt, generated from the database on each request (ARCHITECTURE §6):
// every active category, product, content page, published article and running promotion, plus the
// storefront's own listing pages. Registered before the storefront's catch-all.
//
// A sitemap file holds at most 50 000 addresses (sitemaps.org); a bigger shop gets /sitemap.xml as an index
// of /sitemap-1.xml, /sitemap-2.xml…
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import { selectRows, type Db } from '../../platform/db';

export const SITEMAP_MAX_URLS = 50_000;

export interface SitemapEntry {
  /** Site path, e.g. "/catalog/resnitsy". */
  path: string;
  /** YYYY-MM-DD of the last change, when known. */
  lastmod?: string | null;
  changefreq?: 'daily' | 'weekly' | 'monthly';
  priority?: number;
}

/** The storefront's pages that are not rows of a table (spec §2, public routes). */
const STATIC_PATHS: SitemapEntry[] = [
  { path: '/', changefreq: 'daily', priority: 1 },
  { path: '/catalog', changefreq: 'daily', priority: 0.9 },
  { path: '/catalog-new', changefreq: 'daily', priority: 0.7 },
  { path: '/promotions', changefreq: 'weekly', priority: 0.7 },
  { path: '/company/reviews', changefreq: 'weekly', priority: 0.5 },
  { path: '/company/interesting', changefreq: 'weekly', priority: 0.5 },
];

/**
 * Where a content page (table `pages`) lives in the storefront: the company's own pages under /company,
 * everything else at its slug ("payment-and-delivery/one_page" → /payment-and-delivery/one_page).
 */
const COMPANY_PAGES = new Set(['activity', 'consent']);
export function pagePath(slug: string): string {
  if (slug === 'company') return '/company';
  if (slug === 'privacy-policy') return '/privacy-policy.pdf';
  return COMPANY_PAGES.has(slug) ? `/company/${slug}` : `/${slug}`;
}

interface CategoryRow {
  id: number;
  slug: string;
  parent_id: number | null;
  active: boolean;
  lastmod: string;
}

export async function sitemapEntries(db: Db): Promise<SitemapEntry[]> {
  const day = (column: string) => sql.raw(`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD')`);
  const [categories, products, pages, articles, promotions] = await Promise.all([
    selectRows<CategoryRow>(
      db,
      sql`SELECT id, slug, parent_id, active, ${day('updated_at')} AS lastmod
          FROM product_categories ORDER BY sort_order, id`,
    ),
    selectRows<{ slug: string; category_ids: number[] | null; lastmod: string }>(
      db,
      sql`SELECT slug, category_ids, ${day('updated_at')} AS lastmod FROM products WHERE active ORDER BY id`,
    ),
    selectRows<{ slug: string; lastmod: string }>(
      db,
      sql`SELECT slug, ${day('updated_at')} AS lastmod FROM pages WHERE active ORDER BY id`,
    ),
    selectRows<{ slug: string; lastmod: string }>(
      db,
      sql`SELECT slug, ${day('updated_at')} AS lastmod FROM articles
          WHERE active AND published_at IS NOT NULL AND published_at <= now() ORDER BY published_at DESC`,
    ),
    selectRows<{ slug: string; lastmod: string }>(
      db,
      sql`SELECT slug, ${day('updated_at')} AS lastmod FROM promotions
          WHERE active AND (starts_at IS NULL OR starts_at <= now()) AND (ends_at IS NULL OR ends_at >= now())
          ORDER BY sort_order, id`,
    ),
  ]);

  // A category is on the site when it and every category above it are active (as in the category tree).
  const byId = new Map(categories.map((c) => [c.id, c]));
  const visible = new Map<number, boolean>();
  const isVisible = (c: CategoryRow, depth = 0): boolean => {
    const known = visible.get(c.id);
    if (known !== undefined) return known;
    const parent = c.parent_id ? byId.get(c.parent_id) : undefined;
    const result =
      c.active && depth < 10 && (c.parent_id === null || (!!parent && isVisible(parent, depth + 1)));
    visible.set(c.id, result);
    return result;
  };
  const shownCategories = categories.filter((c) => isVisible(c));

  const entries: SitemapEntry[] = [...STATIC_PATHS];
  for (const c of shownCategories)
    entries.push({ path: `/catalog/${c.slug}`, lastmod: c.lastmod, changefreq: 'daily', priority: 0.8 });
  for (const p of products) {
    // The product's address goes through its first visible category, as the product page's own URL does.
    const primary = (p.category_ids ?? []).map((id) => byId.get(id)).find((c) => c && isVisible(c));
    entries.push({
      path: `/catalog/${primary?.slug ?? 'all'}/product/${p.slug}`,
      lastmod: p.lastmod,
      changefreq: 'weekly',
      priority: 0.6,
    });
  }
  for (const p of pages)
    entries.push({ path: pagePath(p.slug), lastmod: p.lastmod, changefreq: 'monthly', priority: 0.4 });
  for (const a of articles)
    entries.push({
      path: `/company/interesting/${a.slug}`,
      lastmod: a.lastmod,
      changefreq: 'monthly',
      priority: 0.4,
    });
  for (const p of promotions)
    entries.push({ path: `/promotions/${p.slug}`, lastmod: p.lastmod, changefreq: 'weekly', priority: 0.5 });

  // One address once (a page row may repeat a static path).
  const seen = new Set<string>();
  return entries.filter((e) => !seen.has(e.path) && seen.add(e.path));
}

const xmlEscape = (s: string) =>
  s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');

const absolute = (origin: string, path: string) => xmlEscape(`${origin}${encodeURI(path)}`);

export function urlsetXml(origin: string, entries: readonly SitemapEntry[]): string {
  const urls = entries.map((e) => {
    const parts = [`<loc>${absolute(origin, e.path)}</loc>`];
    if (e.lastmod) parts.push(`<lastmod>${e.lastmod}</lastmod>`);
    if (e.changefreq) parts.push(`<changefreq>${e.changefreq}</changefreq>`);
    if (e.priority !== undefined) parts.push(`<priority>${e.priority.toFixed(1)}</priority>`);
    return `<url>${parts.join('')}</url>`;
  });
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
    urls.join('\n') +
    '\n</urlset>\n'
  );
}

export function sitemapIndexXml(origin: string, files: number): string {
  const items = Array.from(
    { length: files },
    (_, i) => `<sitemap><loc>${absolute(origin, `/sitemap-${i + 1}.xml`)}</loc></sitemap>`,
  );
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
    items.join('\n') +
    '\n</sitemapindex>\n'
  );
}

/** Everything but the admin, the API and the visitor's own pages (account, cart) may be crawled. */
export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /nuxt',
    'Disallow: /api',
    'Disallow: /profile',
    'Disallow: /cart',
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}

export interface SeoRoutesOptions {
  db: Db;
  /** SITE_URL: the public address; otherwise the address of each request (behind a trusted proxy too). */
  siteUrl: string | null;
}

export function seoRoutes({ db, siteUrl }: SeoRoutesOptions) {
  const configured = siteUrl ? new URL(siteUrl).origin : null;
  const originOf = (request: FastifyRequest) => configured ?? `${request.protocol}://${request.host}`;

  return async function plugin(app: FastifyInstance) {
    app.get('/robots.txt', async (request, reply) =>
      reply
        .type('text/plain; charset=utf-8')
        .header('Cache-Control', 'public, max-age=3600')
        .send(robotsTxt(originOf(request))),
    );

    app.get('/sitemap.xml', async (request, reply) => {
      const entries = await sitemapEntries(db);
      const origin = originOf(request);
      const body =
        entries.length <= SITEMAP_MAX_URLS
          ? urlsetXml(origin, entries)
          : sitemapIndexXml(origin, Math.ceil(entries.length / SITEMAP_MAX_URLS));
      return reply
        .type('application/xml; charset=utf-8')
        .header('Cache-Control', 'public, max-age=3600')
        .send(body);
    });

    app.get<{ Params: { n: string } }>('/sitemap-:n.xml', async (request, reply) => {
      const n = Number(request.params.n);
      const entries = await sitemapEntries(db);
      const files = Math.ceil(entries.length / SITEMAP_MAX_URLS);
      if (!Number.isInteger(n) || n < 1 || n > files || files < 2) {
        return reply.status(404).type('text/plain; charset=utf-8').send('Нет такой карты сайта');
      }
      const chunk = entries.slice((n - 1) * SITEMAP_MAX_URLS, n * SITEMAP_MAX_URLS);
      return reply
        .type('application/xml; charset=utf-8')
        .header('Cache-Control', 'public, max-age=3600')
        .send(urlsetXml(originOf(request), chunk));
    });
  };
}
