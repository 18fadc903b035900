// The product page: GET /api/products/:slug (everything the page shows, in one answer) and
// POST /api/products/:slug/reviews (a signed-in customer's review, held for moderation).
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { keptUntilChange, sendKept, type PublicData } from '../../platform/web/public-data';
import type { ProductCategoryLink, ProductOption, ProductPage, ProductPageOffer } from '@shop/schemas';
import { requireUser } from '../../platform/auth/guard';
import { selectRows, type Db } from '../../platform/db';
import { ApiError, conflict } from '../../platform/http/errors';
import { limitOf, targetLimit } from '../../platform/http/rate-limit';
import { serve } from '../../platform/http/contract';
import { addReview, product as productContract } from '@shop/schemas/contracts/catalog';
import { sanitizeHtml } from '../../platform/web/sanitize-html';
import { loadCatalogPricing, markPersonalPrices, shownPrice, type CatalogPricing } from './catalog-pricing';
import { viewerOf, type Viewer } from '../pricing';
import { pricingCategoryIds } from './pricing-categories';

const PRODUCT_NOT_FOUND = () => new ApiError(404, 'not_found', 'Товар не найден');
const REVIEWS_SHOWN = 50;

interface ProductRow {
  id: number;
  title: string;
  slug: string;
  short_description: string | null;
  description: string | null;
  seo_title: string | null;
  seo_description: string | null;
  images: { url: string; alt?: string | null }[] | null;
  is_new: boolean;
  is_hit: boolean;
  brand_id: number | null;
  category_ids: number[] | null;
  /** Its categories and their parents, for prices (pricing-categories.ts). */
  pricing_category_ids: number[] | null;
}

interface CategoryRow {
  id: number;
  title: string;
  slug: string;
  parent_id: number | null;
  active: boolean;
}

const iso = (d: Date | string | null): string | null =>
  d === null ? null : (d instanceof Date ? d : new Date(d)).toISOString();

/** `slug` is as the route's params schema left it: 1 to 255 characters. */
async function productBySlug(db: Db, slug: string): Promise<ProductRow | null> {
  const [row] = await selectRows<ProductRow>(
    db,
    sql`SELECT id, title, slug, short_description, description, seo_title, seo_description, images,
               is_new, is_hit, brand_id, category_ids, ${pricingCategoryIds('products')} AS pricing_category_ids
        FROM products WHERE slug = ${slug} AND active`,
  );
  return row ?? null;
}

/** The product's active categories, the first one (with everything above it active) being the primary. */
async function categoriesOf(db: Db, ids: number[]) {
  const all = await selectRows<CategoryRow>(
    db,
    sql`SELECT id, title, slug, parent_id, active FROM product_categories`,
  );
  const byId = new Map(all.map((c) => [c.id, c]));
  const link = (c: CategoryRow): ProductCategoryLink => ({ id: c.id, title: c.title, slug: c.slug });
  /** The path from the top down to c, or null when c or a category above it is switched off. */
  const pathTo = (c: CategoryRow): CategoryRow[] | null => {
    const path: CategoryRow[] = [];
    for (let at: CategoryRow | undefined = c; at; at = at.parent_id ? byId.get(at.parent_id) : undefined) {
      if (!at.active || path.length > 10) return null;
      path.unshift(at);
    }
    return path;
  };
  const visible = ids.flatMap((id) => {
    const c = byId.get(id);
    const path = c && pathTo(c);
    return c && path ? [{ category: c, path }] : [];
  });
  const primary = visible[0];
  return {
    categories: visible.map((v) => link(v.category)),
    primaryCategory: primary ? link(primary.category) : null,
    breadcrumbs: primary ? primary.path.map(link) : [],
  };
}

/**
 * Offers with their characteristics' titles and their prices for this customer (the pricing engine's unit
 * price, as in the cart), and the chooser's options in directory order.
 */
async function offersOf(db: Db, product: ProductRow, pricing: CatalogPricing) {
  const productId = product.id;
  const rows = await selectRows<{
    id: number;
    article: string;
    attributes: Record<string, string> | null;
    base_price: number;
    sale_price: number | null;
    stock: number;
  }>(
    db,
    sql`SELECT id, article, attributes, base_price, sale_price, stock FROM product_offers
        WHERE product_id = ${productId} AND active ORDER BY position, id`,
  );
  const codes = [...new Set(rows.flatMap((r) => Object.keys(r.attributes ?? {})))];
  const entries = codes.length
    ? await selectRows<{
        dir_code: string;
        dir_title: string;
        dir_order: number;
        code: string | null;
        title: string | null;
        hex: string | null;
        hint: string | null;
      }>(
        db,
        sql`SELECT d.code AS dir_code, d.title AS dir_title, d.sort_order AS dir_order,
                   e.code, e.title, e.values->>'hex' AS hex, e.values->>'hint' AS hint
            FROM directories d LEFT JOIN directory_entries e ON e.directory_id = d.id
            WHERE d.code IN (${sql.join(
              codes.map((c) => sql`${c}`),
              sql`, `,
            )})
            ORDER BY d.sort_order, d.id, e.sort_order, e.id`,
      )
    : [];
  const dirTitle = new Map(entries.map((e) => [e.dir_code, e.dir_title]));
  const entryOf = (dir: string, code: string) => entries.find((e) => e.dir_code === dir && e.code === code);
  // Directories in their order; characteristics no directory describes go last, by their code.
  const known = [...new Set(entries.map((e) => e.dir_code))];
  const order = [...known.filter((c) => codes.includes(c)), ...codes.filter((c) => !dirTitle.has(c)).sort()];

  const categoryIds = product.pricing_category_ids ?? [];
  const offers: ProductPageOffer[] = rows.map((r) => {
    // As on the cards: what this customer pays for one unit, the offer's base price struck through.
    const { basePrice, salePrice, benefitPercent } = shownPrice(pricing, {
      offerId: r.id,
      productId,
      categoryIds,
      basePrice: r.base_price,
      salePrice: r.sale_price,
    });
    const attributes = r.attributes ?? {};
    return {
      id: r.id,
      article: r.article,
      attributes: order
        .filter((code) => attributes[code] !== undefined)
        .map((code) => ({
          code,
          title: dirTitle.get(code) ?? code,
          value: attributes[code]!,
          valueTitle: entryOf(code, attributes[code]!)?.title ?? attributes[code]!,
        })),
      basePrice,
      salePrice,
      benefitPercent,
      stock: r.stock,
      inStock: r.stock > 0,
      active: true,
    };
  });

  const options: ProductOption[] = order.map((code) => {
    const used = new Set(rows.map((r) => r.attributes?.[code]).filter((v): v is string => v !== undefined));
    const listed = entries.filter((e) => e.dir_code === code && e.code !== null && used.has(e.code));
    const unlisted = [...used].filter((v) => !listed.some((e) => e.code === v)).sort();
    return {
      code,
      title: dirTitle.get(code) ?? code,
      values: [
        ...listed.map((e) => ({
          code: e.code!,
          title: e.title!,
          hex: e.hex && /^#[0-9a-fA-F]{3,8}$/.test(e.hex) ? e.hex : null,
          hint: e.hint || null,
        })),
        ...unlisted.map((v) => ({ code: v, title: v, hex: null, hint: null })),
      ],
    };
  });
  return { offers, options };
}

async function reviewsOf(db: Db, productId: number) {
  const stats = await selectRows<{ rating: number; n: number }>(
    db,
    sql`SELECT rating, count(*)::int AS n FROM product_reviews
        WHERE product_id = ${productId} AND status = 'published' GROUP BY rating`,
  );
  const distribution = [1, 2, 3, 4, 5].map((r) => Number(stats.find((s) => s.rating === r)?.n ?? 0));
  const count = distribution.reduce((a, b) => a + b, 0);
  const sum = distribution.reduce((a, n, i) => a + n * (i + 1), 0);
  const rows = await selectRows<{
    id: number;
    author_name: string;
    rating: number;
    text: string;
    advantages: string | null;
    disadvantages: string | null;
    images: { url: string; alt?: string | null }[] | null;
    verified_purchase: boolean;
    answer: string | null;
    answered_at: Date | string | null;
    created_at: Date | string;
  }>(
    db,
    sql`SELECT id, author_name, rating, text, advantages, disadvantages, images, verified_purchase,
               answer, answered_at, created_at
        FROM product_reviews WHERE product_id = ${productId} AND status = 'published'
        ORDER BY created_at DESC, id DESC LIMIT ${REVIEWS_SHOWN}`,
  );
  return {
    rating: { average: count ? Math.round((sum / count) * 10) / 10 : null, count, distribution },
    reviews: rows.map((r) => ({
      id: r.id,
      authorName: r.author_name,
      rating: r.rating,
      text: r.text,
      advantages: r.advantages,
      disadvantages: r.disadvantages,
      images: (r.images ?? []).map((i) => ({ url: i.url, alt: i.alt ?? null })),
      verifiedPurchase: r.verified_purchase,
      answer: r.answer,
      answeredAt: iso(r.answered_at),
      createdAt: iso(r.created_at)!,
    })),
  };
}

/**
 * Everything the product page shows, or null for an unknown or switched-off product. Prices are for
 * `viewer` (the signed-in user, or null for a guest).
 */
export async function productPage(
  db: Db,
  slug: string,
  viewer: Viewer | null = null,
): Promise<ProductPage | null> {
  const [p, pricing] = await Promise.all([productBySlug(db, slug), loadCatalogPricing(db, viewer)]);
  if (!p) return null;
  const [cats, offers, reviews, brand] = await Promise.all([
    categoriesOf(db, p.category_ids ?? []),
    offersOf(db, p, pricing),
    reviewsOf(db, p.id),
    p.brand_id
      ? selectRows<{ id: number; code: string; title: string; country: string | null }>(
          db,
          sql`SELECT id, code, title, values->>'country' AS country FROM directory_entries WHERE id = ${p.brand_id}`,
        )
      : Promise.resolve([]),
  ]);
  return {
    id: p.id,
    title: p.title,
    slug: p.slug,
    url: `/catalog/${cats.primaryCategory?.slug ?? 'all'}/product/${p.slug}`,
    shortDescription: p.short_description,
    // Admin HTML reaches the page as is: only whitelisted markup leaves the API.
    description: p.description ? sanitizeHtml(p.description) : null,
    seoTitle: p.seo_title,
    seoDescription: p.seo_description,
    images: (p.images ?? []).map((i) => ({ url: i.url, alt: i.alt ?? null })),
    isNew: p.is_new,
    isHit: p.is_hit,
    brand: brand[0] ?? null,
    ...cats,
    ...offers,
    ...reviews,
  };
}

/** "Анна Смирнова" → "Анна С.": the name shown under a review. */
function authorName(name: string, lastName: string | null): string {
  const initial = lastName?.trim().charAt(0);
  return (initial ? `${name.trim()} ${initial.toUpperCase()}.` : name.trim()).slice(0, 100);
}

/** The product's slug of a request not validated yet (a hook before validation), for its allowance. */
function slugOf(request: FastifyRequest): string | null {
  const params = request.params;
  if (!params || typeof params !== 'object' || !('slug' in params)) return null;
  return typeof params.slug === 'string' ? params.slug.slice(0, 200) : null;
}

export function productPageRoutes(db: Db, publicData: PublicData) {
  // What a guest is shown of a product is the same for every guest until the catalogue changes: kept for the
  // most recently asked products. A signed-in customer's prices are their own and always read afresh.
  const guestPage = keptUntilChange(publicData, (slug) => productPage(db, slug, null), {
    maxEntries: 2_000,
  });
  return async function plugin(app: FastifyInstance) {
    serve(app, productContract, async (request, reply) => {
      const viewer = viewerOf(request);
      markPersonalPrices(reply, viewer);
      const page = viewer
        ? await productPage(db, request.params.slug, viewer)
        : await guestPage(request.params.slug);
      if (!page) throw PRODUCT_NOT_FOUND();
      return viewer ? { data: page } : sendKept(reply, page, { data: page });
    });

    serve(
      app,
      addReview,
      async (request, reply) => {
        const user = request.user!;
        const product = await productBySlug(db, request.params.slug);
        if (!product) throw PRODUCT_NOT_FOUND();
        const input = request.body;
        const [existing] = await selectRows<{ id: number }>(
          db,
          sql`SELECT id FROM product_reviews WHERE product_id = ${product.id} AND user_id = ${user.id}
              AND status IN ('pending', 'published') LIMIT 1`,
        );
        if (existing) throw conflict('Вы уже оставили отзыв об этом товаре');
        const [person] = await selectRows<{ name: string; last_name: string | null; bought: boolean }>(
          db,
          sql`SELECT u.name, u.last_name, EXISTS (
                SELECT 1 FROM orders o JOIN order_items i ON i.order_id = o.id
                WHERE o.user_id = u.id AND i.product_id = ${product.id} AND o.status <> 'canceled'
              ) AS bought
              FROM users u WHERE u.id = ${user.id}`,
        );
        const [created] = await selectRows<{ id: number }>(
          db,
          sql`INSERT INTO product_reviews
                (product_id, user_id, author_name, rating, text, advantages, disadvantages, verified_purchase, status)
              VALUES (${product.id}, ${user.id}, ${authorName(person?.name ?? user.name, person?.last_name ?? null)},
                ${input.rating}, ${input.text}, ${input.advantages || null}, ${input.disadvantages || null},
                ${person?.bought === true}, 'pending')
              RETURNING id`,
        );
        return reply.status(201).send({ data: { id: created!.id, status: 'pending' } });
      },
      {
        // Per client address, then (once signed in) per product from everyone.
        config: { rateLimit: limitOf('review', { groupId: 'product-review' }) },
        // A guest is refused before the body is looked at: signing in comes first, whatever was typed;
        // then the product's allowance counts the attempt, refused bodies too.
        preValidation: [
          requireUser,
          targetLimit(app, 'reviewProduct', {
            groupId: 'product-review-target',
            keyOf: slugOf,
          }),
        ],
      },
    );
  };
}
