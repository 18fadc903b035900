import { apiErrorMessage, apiFieldErrors } from '@shop/client';
import type { ProductPage, ProductReviewRequest } from '@shop/schemas';
import { data } from 'react-router';
import type { Route } from '../../routes/+types/catalog.$slug.product.$productSlug';
import { type ProductReviewResult } from './ProductReviews';
import { serverApi } from '../../lib/api.server';
import { TOKEN_COOKIE, readCookie } from '../../lib/cookies';
import { isNotFound } from '../catalog/index.server';
import { breadcrumbJsonLd, productJsonLd } from '../../lib/json-ld';
import { siteOrigin } from '../../lib/runtime-config.server';

const RELATED = 8;

/**
 * The page's BreadcrumbList and Product blocks, for its meta. Made here rather than in the meta function, so
 * that their code stays out of the page's first download (issue 28): only search engines read them, in the
 * server's HTML.
 */
function productPageJsonLd(product: ProductPage, origin: string) {
  const trail = [
    { name: 'Каталог', path: '/catalog' },
    ...product.breadcrumbs.map((c) => ({ name: c.title, path: `/catalog/${c.slug}` })),
    { name: product.title, path: product.url },
  ];
  return [
    breadcrumbJsonLd(trail, origin),
    productJsonLd(
      {
        name: product.title,
        description: product.shortDescription,
        path: product.url,
        images: product.images.map((i) => i.url),
        brand: product.brand?.title,
        category: product.primaryCategory?.title,
        sku: product.offers.length === 1 ? product.offers[0]!.article : null,
        offers: product.offers.map((o) => ({ price: o.salePrice, sku: o.article, inStock: o.inStock })),
        rating:
          product.rating.average !== null
            ? { value: product.rating.average, count: product.rating.count }
            : null,
      },
      origin,
    ),
  ];
}
const notFound = () => data(null, { status: 404, statusText: 'Not Found' });

/**
 * /catalog/:slug/product/:productSlug. The category part must be one the product belongs to (or "all" for
 * a product without one); anything else is a 404, like an unknown product.
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const api = serverApi(context);
  const product = await api.catalog.product(params.productSlug).catch((error: unknown) => {
    if (isNotFound(error)) throw notFound();
    throw error;
  });
  const allowed = new Set([...product.categories, ...product.breadcrumbs].map((c) => c.slug));
  if (!product.primaryCategory) allowed.add('all');
  if (!allowed.has(params.slug)) throw notFound();

  const signedInCookie = Boolean(readCookie(context.requestCookie, TOKEN_COOKIE));
  // Every variant sold out: the similar products are the ones in stock, shown right under the purchase block.
  const soldOut = product.offers.length > 0 && product.offers.every((o) => !o.inStock);
  const [related, session] = await Promise.all([
    product.primaryCategory
      ? api.catalog
          .listProducts({
            categorySlug: product.primaryCategory.slug,
            perPage: RELATED + 1,
            ...(soldOut ? { inStock: true } : {}),
          })
          .then((r) => r.data.filter((p) => p.id !== product.id).slice(0, RELATED))
          .catch((error: unknown) => {
            console.error('product page: related products:', error instanceof Error ? error.message : error);
            return [];
          })
      : Promise.resolve([]),
    // Only a visitor with a token may be signed in; an expired token reads as a guest.
    signedInCookie ? api.auth.session().catch(() => null) : Promise.resolve(null),
  ]);
  const offer = Number(new URL(request.url).searchParams.get('offer'));
  return {
    product,
    related,
    signedIn: session !== null,
    soldOut,
    initialOfferId: Number.isSafeInteger(offer) && offer > 0 ? offer : null,
    jsonLd: productPageJsonLd(product, siteOrigin(process.env, new URL(request.url).origin)),
  };
}

/** The review form: the API checks and stores it for moderation; errors come back per field, in Russian. */
export async function action({ context, params, request }: Route.ActionArgs) {
  const form = await request.formData();
  const text = (name: string) => {
    const v = form.get(name);
    return typeof v === 'string' ? v : '';
  };
  const values = {
    rating: text('rating'),
    text: text('text'),
    advantages: text('advantages'),
    disadvantages: text('disadvantages'),
  };
  const body = {
    ...(values.rating ? { rating: Number(values.rating) } : {}),
    text: values.text,
    advantages: values.advantages.trim() || null,
    disadvantages: values.disadvantages.trim() || null,
  } as ProductReviewRequest;
  try {
    await serverApi(context).catalog.addReview(params.productSlug, body);
    return { ok: true } satisfies ProductReviewResult;
  } catch (error) {
    const status = (error as { response?: { status?: number } }).response?.status;
    const result: ProductReviewResult = {
      ok: false,
      message:
        status === 401
          ? 'Войдите, чтобы оставить отзыв: сессия истекла.'
          : status === 400
            ? 'Проверьте поля формы.'
            : apiErrorMessage(error),
      fields: apiFieldErrors(error),
      values,
    };
    // The visitor's own mistakes are an ordinary answer; only a failing API is an error status.
    return status !== undefined && status < 500 ? result : data(result, { status: 502 });
  }
}
