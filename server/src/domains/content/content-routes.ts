// Public reads of the content the administrators edit: pages, articles («Интересное»), promotions,
// banners, site reviews (and a new review for moderation) and the representatives of «Где купить».
// Rich text leaves the server cleaned to a whitelist of tags (sanitize-html.ts).
import { and, asc, desc, eq, isNotNull, lte, or, isNull, gte, sql, count, avg, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type {
  ArticleCard,
  PromotionCard,
  PublicArticle,
  PublicBanner,
  PublicPage,
  PublicPromotion,
  PublicSiteReview,
  Representative,
  SearchProduct,
  SiteReviewRequest,
} from '@shop/schemas';
import * as contracts from '@shop/schemas/contracts/content';
import type { Db } from '../../platform/db';
import { articles, banners, pages, promotions, siteReviews, userGroups } from '../../../generated/tables';
import { notFound } from '../../platform/http/errors';
import { limitOf } from '../../platform/http/rate-limit';
import { serve } from '../../platform/http/contract';
import { productCards } from '../catalog';
import { loadCatalogPricing, markPersonalPrices } from '../catalog';
import { viewerOf, type Viewer } from '../pricing';
import { sanitizeHtml } from '../../platform/web/sanitize-html';

const PAGE_SLUG = /^[a-z0-9]+(?:[-_/][a-z0-9]+)*$/;
const ENTITY_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** Products listed on a promotion's page at most. */
const PROMOTION_PRODUCTS_MAX = 60;

/** A list's page as the route's query schema left it: both numbers checked, the defaults filled in. */
interface Paging {
  page: number;
  perPage: number;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

// ---- pages ----------------------------------------------------------------------------------------

export async function publicPage(db: Db, slug: string): Promise<PublicPage> {
  if (!PAGE_SLUG.test(slug)) throw notFound('Страница не найдена');
  const [row] = await db
    .select()
    .from(pages)
    .where(and(eq(pages.slug, slug), eq(pages.active, true)))
    .limit(1);
  if (!row) throw notFound('Страница не найдена');
  return {
    slug: row.slug,
    title: row.title,
    content: sanitizeHtml(row.content),
    seoTitle: row.seoTitle,
    seoDescription: row.seoDescription,
    updatedAt: row.updatedAt.toISOString(),
  };
}

// ---- articles -------------------------------------------------------------------------------------

const articlePublished = () =>
  and(eq(articles.active, true), isNotNull(articles.publishedAt), lte(articles.publishedAt, sql`now()`));

export async function articleList(db: Db, { page, perPage }: Paging) {
  const where = articlePublished();
  const rows = await db
    .select({
      id: articles.id,
      slug: articles.slug,
      title: articles.title,
      announce: articles.announce,
      coverUrl: articles.coverUrl,
      publishedAt: articles.publishedAt,
    })
    .from(articles)
    .where(where)
    .orderBy(desc(articles.publishedAt), desc(articles.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  const [total] = await db.select({ n: count() }).from(articles).where(where);
  const data: ArticleCard[] = rows.map((r) => ({ ...r, publishedAt: r.publishedAt!.toISOString() }));
  return { data, meta: { total: Number(total?.n ?? 0), page, perPage } };
}

export async function publicArticle(db: Db, slug: string): Promise<PublicArticle> {
  if (!ENTITY_SLUG.test(slug)) throw notFound('Статья не найдена');
  const [row] = await db
    .select()
    .from(articles)
    .where(and(eq(articles.slug, slug), articlePublished()))
    .limit(1);
  if (!row) throw notFound('Статья не найдена');
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    announce: row.announce,
    coverUrl: row.coverUrl,
    publishedAt: row.publishedAt!.toISOString(),
    content: sanitizeHtml(row.content),
    seoTitle: row.seoTitle,
    seoDescription: row.seoDescription,
  };
}

// ---- promotions -----------------------------------------------------------------------------------

const promotionStarted = () =>
  and(eq(promotions.active, true), or(isNull(promotions.startsAt), lte(promotions.startsAt, sql`now()`)));
const promotionRunning = () =>
  and(promotionStarted(), or(isNull(promotions.endsAt), gte(promotions.endsAt, sql`now()`)));

function promotionCard(r: typeof promotions.$inferSelect): PromotionCard {
  return {
    id: r.id,
    slug: r.slug,
    title: r.title,
    announce: r.announce,
    imageUrl: r.imageUrl,
    startsAt: iso(r.startsAt),
    endsAt: iso(r.endsAt),
  };
}

export async function promotionList(db: Db): Promise<PromotionCard[]> {
  const rows = await db
    .select()
    .from(promotions)
    .where(promotionRunning())
    .orderBy(asc(promotions.sortOrder), desc(promotions.startsAt), desc(promotions.id));
  return rows.map(promotionCard);
}

/** Active products by id, in the given order, at most PROMOTION_PRODUCTS_MAX of them, priced for `viewer`. */
async function productsByIds(db: Db, ids: number[], viewer: Viewer | null): Promise<SearchProduct[]> {
  if (ids.length === 0) return [];
  return (await productCards(db, ids, await loadCatalogPricing(db, viewer))).slice(0, PROMOTION_PRODUCTS_MAX);
}

export async function publicPromotion(
  db: Db,
  slug: string,
  viewer: Viewer | null = null,
): Promise<PublicPromotion> {
  if (!ENTITY_SLUG.test(slug)) throw notFound('Акция не найдена');
  // An ended promotion keeps its page (links to it live on), marked as finished; a future one is hidden.
  const [row] = await db
    .select({
      promotion: promotions,
      finished: sql<boolean>`coalesce(${promotions.endsAt} < now(), false)`,
    })
    .from(promotions)
    .where(and(eq(promotions.slug, slug), promotionStarted()))
    .limit(1);
  if (!row) throw notFound('Акция не найдена');
  const p = row.promotion;
  return {
    ...promotionCard(p),
    finished: row.finished === true,
    content: sanitizeHtml(p.content),
    seoTitle: p.seoTitle,
    seoDescription: p.seoDescription,
    products: await productsByIds(db, p.productIds.slice(0, PROMOTION_PRODUCTS_MAX * 2), viewer),
  };
}

// ---- banners --------------------------------------------------------------------------------------

/** `position` is one of BANNER_POSITIONS (the contract's query schema), or none for every place. */
export async function bannerList(db: Db, position?: string): Promise<PublicBanner[]> {
  const conditions: (SQL | undefined)[] = [
    eq(banners.active, true),
    or(isNull(banners.startsAt), lte(banners.startsAt, sql`now()`)),
    or(isNull(banners.endsAt), gte(banners.endsAt, sql`now()`)),
  ];
  if (position) conditions.push(eq(banners.position, position));
  const rows = await db
    .select({
      id: banners.id,
      headline: banners.headline,
      text: banners.text,
      buttonLabel: banners.buttonLabel,
      textTheme: banners.textTheme,
      imageDesktopUrl: banners.imageDesktopUrl,
      imageMobileUrl: banners.imageMobileUrl,
      alt: banners.alt,
      link: banners.link,
      openInNewTab: banners.openInNewTab,
      position: banners.position,
    })
    .from(banners)
    .where(and(...conditions))
    .orderBy(asc(banners.position), asc(banners.sortOrder), asc(banners.id));
  return rows.map((r) => ({
    ...r,
    textTheme: r.textTheme === 'light' ? 'light' : 'dark',
    position: r.position as PublicBanner['position'],
  }));
}

// ---- site reviews ---------------------------------------------------------------------------------

export async function siteReviewList(db: Db, { page, perPage }: Paging) {
  const published = eq(siteReviews.status, 'published');
  const rows = await db
    .select({
      id: siteReviews.id,
      authorName: siteReviews.authorName,
      city: siteReviews.city,
      rating: siteReviews.rating,
      text: siteReviews.text,
      answer: siteReviews.answer,
      answeredAt: siteReviews.answeredAt,
      createdAt: siteReviews.createdAt,
    })
    .from(siteReviews)
    .where(published)
    .orderBy(desc(siteReviews.createdAt), desc(siteReviews.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  const [stats] = await db
    .select({ n: count(), average: avg(siteReviews.rating) })
    .from(siteReviews)
    .where(published);
  const total = Number(stats?.n ?? 0);
  const average = stats?.average == null ? null : Math.round(Number(stats.average) * 10) / 10;
  const data: PublicSiteReview[] = rows.map((r) => ({
    ...r,
    answeredAt: iso(r.answeredAt),
    createdAt: r.createdAt.toISOString(),
  }));
  return { data, meta: { total, page, perPage, averageRating: average } };
}

/** The review as its schema left it: the text fields trimmed (x-trim) and checked. */
export async function createSiteReview(db: Db, review: SiteReviewRequest, userId: number | null) {
  const [row] = await db
    .insert(siteReviews)
    .values({
      authorName: review.name,
      // An empty city is no city: the form sends "" when it is left blank.
      city: review.city || null,
      rating: review.rating,
      text: review.text,
      userId,
      status: 'pending',
    })
    .returning({ id: siteReviews.id, status: siteReviews.status });
  return row!;
}

// ---- representatives ------------------------------------------------------------------------------

export async function representativeList(db: Db): Promise<Representative[]> {
  return db
    .select({
      id: userGroups.id,
      title: userGroups.title,
      isRepresentative: userGroups.isRepresentative,
      region: userGroups.region,
      city: userGroups.city,
      address: userGroups.address,
      phone: userGroups.phone,
      email: userGroups.email,
      website: userGroups.website,
      description: userGroups.description,
      latitude: userGroups.latitude,
      longitude: userGroups.longitude,
    })
    .from(userGroups)
    .where(and(eq(userGroups.active, true), eq(userGroups.showOnMap, true)))
    .orderBy(sql`${userGroups.city} ASC NULLS LAST`, asc(userGroups.title), asc(userGroups.id));
}

// ---- routes ----------------------------------------------------------------------------------------

export function contentRoutes(db: Db) {
  return async function plugin(app: FastifyInstance) {
    // An address no page can have is "not found" like any other (publicPage), not a malformed request.
    serve(app, contracts.page, async (request) => ({
      data: await publicPage(db, request.params['*'] ?? ''),
    }));
    serve(app, contracts.articles, async (request) => articleList(db, request.query));
    serve(app, contracts.article, async (request) => ({
      data: await publicArticle(db, request.params.slug),
    }));
    serve(app, contracts.promotions, async () => ({ data: await promotionList(db) }));
    serve(app, contracts.promotion, async (request, reply) => {
      const viewer = viewerOf(request);
      markPersonalPrices(reply, viewer);
      return { data: await publicPromotion(db, request.params.slug, viewer) };
    });
    serve(app, contracts.banners, async (request) => ({
      data: await bannerList(db, request.query.position),
    }));
    serve(app, contracts.siteReviews, async (request) => siteReviewList(db, request.query));
    serve(
      app,
      contracts.sendSiteReview,
      async (request, reply) => {
        const created = await createSiteReview(db, request.body, request.user?.id ?? null);
        return reply.status(201).send({ data: created });
      },
      { config: { rateLimit: limitOf('review', { groupId: 'site-review' }) } },
    );
    serve(app, contracts.representatives, async () => ({ data: await representativeList(db) }));
  };
}
