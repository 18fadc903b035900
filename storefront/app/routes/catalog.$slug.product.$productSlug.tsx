import { apiErrorMessage, apiFieldErrors } from '@shop/client';
import type { ProductReviewRequest } from '@shop/schemas';
import { data, Link } from 'react-router';
import type { Route } from './+types/catalog.$slug.product.$productSlug';
import { Breadcrumbs } from '../components/content/Breadcrumbs';
import { Gallery } from '../components/product/Gallery';
import { ProductPurchase } from '../components/product/ProductPurchase';
import { ProductReviews, REVIEWS, type ProductReviewResult } from '../components/product/ProductReviews';
import { ProductSection } from '../components/ProductSection';
import { Stars } from '../components/content/Stars';
import { serverApi } from '../lib/api.server';
import { TOKEN_COOKIE, readCookie } from '../lib/cookies';
import { plural } from '../lib/format';
import { isNotFound } from '../lib/listing.server';
import { breadcrumbJsonLd, productJsonLd, seoMeta } from '../lib/seo';
import '../components/content/content.css';
import '../components/product/product.css';
import { GUEST_PAGE } from '../lib/guest-page';

const RELATED = 8;
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
    email: session?.email ?? null,
    soldOut,
    initialOfferId: Number.isSafeInteger(offer) && offer > 0 ? offer : null,
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

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return [];
  const { product } = loaderData;
  const trail = [
    { name: 'Каталог', path: '/catalog' },
    ...product.breadcrumbs.map((c) => ({ name: c.title, path: `/catalog/${c.slug}` })),
    { name: product.title, path: product.url },
  ];
  return [
    ...seoMeta(
      {
        title: product.seoTitle || product.title,
        description: product.seoDescription || product.shortDescription || product.title,
        path: product.url,
        image: product.images[0]?.url,
        type: 'product',
      },
      matches,
    ),
    breadcrumbJsonLd(trail, matches),
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
      matches,
    ),
  ];
};

export default function ProductRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { product, related, signedIn, email, soldOut, initialOfferId } = loaderData;
  const similar = (
    <ProductSection
      id="related"
      title={soldOut ? 'Есть в наличии — похожие товары' : 'Похожие товары'}
      products={related}
      moreHref={product.primaryCategory ? `/catalog/${product.primaryCategory.slug}` : '/catalog'}
      moreLabel="Все товары раздела"
    />
  );
  const { rating } = product;
  return (
    <div className="product-page">
      <Breadcrumbs
        items={[
          { label: 'Каталог', to: '/catalog' },
          ...product.breadcrumbs.map((c) => ({ label: c.title, to: `/catalog/${c.slug}` })),
          { label: product.title },
        ]}
      />
      <div className="product-page__top">
        <header className="product-page__head">
          <h1 className="product-page__title">{product.title}</h1>
          <div className="product-page__meta">
            {product.isNew && <span className="badge badge--new">Новинка</span>}
            {product.isHit && <span className="badge badge--hit">Хит</span>}
            {rating.average !== null ? (
              <a href="#reviews" className="product-page__rating">
                <Stars value={rating.average} size={16} />
                <span>
                  {rating.average.toFixed(1).replace('.', ',')} · {rating.count}{' '}
                  {plural(rating.count, REVIEWS)}
                </span>
              </a>
            ) : (
              <a href="#reviews" className="product-page__rating">
                Нет отзывов
              </a>
            )}
            {product.brand && <span className="product-page__brand">{product.brand.title}</span>}
          </div>
        </header>
        <div className="product-page__gallery">
          <Gallery images={product.images} title={product.title} />
        </div>
        <div className="product-page__buy">
          {product.shortDescription && <p className="product-page__short">{product.shortDescription}</p>}
          <ProductPurchase key={product.id} product={product} initialOfferId={initialOfferId} email={email} />
        </div>
      </div>
      {soldOut && similar}

      {(product.description || product.brand) && (
        <section className="product-section" aria-labelledby="description-title">
          <h2 id="description-title" className="product-section__title">
            Описание
          </h2>
          <div className="product-page__description">
            {product.description && (
              // The API hands out only whitelisted markup (sanitised on the server).
              <div className="rich-text" dangerouslySetInnerHTML={{ __html: product.description }} />
            )}
            {product.brand && (
              <dl className="product-facts">
                <div>
                  <dt>Бренд</dt>
                  <dd>{product.brand.title}</dd>
                </div>
                {product.brand.country && (
                  <div>
                    <dt>Страна</dt>
                    <dd>{product.brand.country}</dd>
                  </div>
                )}
                {product.options.map((o) => (
                  <div key={o.code}>
                    <dt>{o.title}</dt>
                    <dd>{o.values.map((v) => v.title).join(', ')}</dd>
                  </div>
                ))}
              </dl>
            )}
          </div>
        </section>
      )}

      <ProductReviews product={product} signedIn={signedIn} result={actionData} />

      {!soldOut && similar}
      {product.primaryCategory && (
        <p className="product-page__back">
          <Link to={`/catalog/${product.primaryCategory.slug}`}>← {product.primaryCategory.title}</Link>
        </p>
      )}
    </div>
  );
}

/** The same for every guest: the server may answer it from its page cache. */
export const handle = GUEST_PAGE;
