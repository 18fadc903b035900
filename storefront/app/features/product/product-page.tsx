import { Suspense, lazy } from 'react';
import { Link } from 'react-router';
import type { Route } from '../../routes/+types/catalog.$slug.product.$productSlug';
import { Breadcrumbs } from '../../ui/Breadcrumbs';
import { ProductPurchase } from './ProductPurchase';
import { loadProductSection } from '../catalog';
import { seoMeta } from '../../lib/seo';
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
// The title with its badges and rating, the description and the facts: markup only, nothing to hydrate in a
// hurry (their links are plain anchors).
const ProductHead = deferred(() => import('./ProductHead').then((m) => m.ProductHead));
const ProductDescription = deferred(() => import('./ProductDescription').then((m) => m.ProductDescription));
// «Заказ по длинам» of a lash product: the grid and its form, below the first screen.
const OrderGrid = deferred(() => import('./OrderGrid').then((m) => m.OrderGrid));

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return [];
  const { product } = loaderData;
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
    // Built by the loader, on the server (product-page.server.ts): only search engines read it.
    ...loaderData.jsonLd,
  ];
};

export default function ProductRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { product, related, signedIn, soldOut, initialOfferId } = loaderData;
  const similar = (
    <ProductSection
      id="related"
      title={soldOut ? 'Есть в наличии — похожие товары' : 'Похожие товары'}
      products={related}
      moreHref={product.primaryCategory ? `/catalog/${product.primaryCategory.slug}` : '/catalog'}
      moreLabel="Все товары раздела"
    />
  );
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
        <ProductHead product={product} />
        <div className="product-page__gallery">
          <Gallery images={product.images} title={product.title} />
        </div>
        <div className="product-page__buy">
          {product.shortDescription && <p className="product-page__short">{product.shortDescription}</p>}
          <ProductPurchase key={product.id} product={product} initialOfferId={initialOfferId} />
        </div>
      </div>
      {soldOut && similar}
      {product.options.some((o) => o.code === 'length') && <OrderGrid product={product} />}

      <ProductDescription product={product} />

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
