import { Suspense, lazy } from 'react';
import { Link } from 'react-router';
import type { Route } from '../../routes/+types/catalog.$slug.product.$productSlug';
import { Breadcrumbs } from '../../ui/Breadcrumbs';
import { ProductPurchase } from './ProductPurchase';
import { REVIEWS } from './reviews-words';
import { loadProductSection } from '../catalog';
import { Stars } from '../../ui/Stars';
import { plural } from '../../lib/format';
import { breadcrumbJsonLd, productJsonLd, seoMeta } from '../../lib/seo';
import '../content/content.css';
import './product.css';
import { GUEST_PAGE } from '../../lib/guest-page';
import { deferred } from '../../lib/deferred';

// Below the first screen: rendered on the server as usual, its code (the review form, the rating input)
// fetched while the page hydrates rather than preloaded with it, so the first paint waits for less.
const ProductReviews = lazy(() => import('./ProductReviews').then((m) => ({ default: m.ProductReviews })));
// Through lib/deferred, the same way: the similar products, below the fold too (their cards, pictures and
// buttons), and the photos' gallery, whose server HTML already shows the first photo (the page's LCP image,
// preloaded from the head): its code only switches photos and opens the viewer.
const ProductSection = deferred(loadProductSection);
const Gallery = deferred(() => import('./Gallery').then((m) => m.Gallery));

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

      <Suspense fallback={null}>
        <ProductReviews product={product} signedIn={signedIn} result={actionData} />
      </Suspense>

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
