import type { SearchProduct } from '@shop/schemas';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { Route } from '../../routes/+types/favorites';
import { productCount } from './CatalogListing';
import { Breadcrumbs } from '../../ui/Breadcrumbs';
import { ProductCard, type CardVariant } from './ProductCard';
import { useAuth } from '../../lib/auth';
import { useApi } from '../../lib/browser-api';
import { useFavorites } from './favorites';
import { seoMeta } from '../../lib/seo';
import { LASH_CODES, variantLabel } from '../../lib/offer-attributes';
import './catalog.css';

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(
    { title: 'Избранное', description: 'Товары, которые вы отложили.', path: '/favorites', noindex: true },
    matches,
  );

type Load =
  | { state: 'idle' | 'loading' }
  | { state: 'error' }
  | { state: 'done'; products: Map<number, SearchProduct>; viewer: string | null };

/**
 * /favorites: a guest's favourites live in this browser (features/catalog/favorites), so the page is filled in here:
 * the product ids go to the listing API, the cards come back in the order they were added. A favourite kept
 * with its variant shows that variant (useVariants): its words, price and «В корзину», its page on a tap.
 */
export default function Favorites() {
  const api = useApi();
  const { ids, offerOf } = useFavorites();
  // The cards' prices are the visitor's own: a sign-in or sign-out on this page loads them again.
  const { user, group } = useAuth();
  const viewer = user ? `${user.id}:${group ?? ''}` : null;
  const [hydrated, setHydrated] = useState(false);
  const [load, setLoad] = useState<Load>({ state: 'idle' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => setHydrated(true), []);

  // Fetch only when a favourite is not loaded yet: removing a heart needs no new request.
  const loaded = load.state === 'done' && load.viewer === viewer ? load.products : null;
  const missing = ids.some((id) => !loaded?.has(id));
  useEffect(() => {
    if (!hydrated || !ids.length || !missing) return;
    let cancelled = false;
    setLoad((current) =>
      current.state === 'done' && current.viewer === viewer ? current : { state: 'loading' },
    );
    api.catalog
      .listProducts({ ids: [...ids], perPage: 100 })
      .then((result) => {
        if (!cancelled)
          setLoad({ state: 'done', products: new Map(result.data.map((p) => [p.id, p])), viewer });
      })
      .catch((error: unknown) => {
        console.error('favourites: products did not load:', error instanceof Error ? error.message : error);
        if (!cancelled) setLoad({ state: 'error' });
      });
    return () => {
      cancelled = true;
    };
  }, [api, hydrated, ids, missing, attempt, viewer]);

  const products = loaded ? ids.flatMap((id) => loaded.get(id) ?? []) : [];
  const { variants, loading: variantsLoading } = useVariants(products, offerOf, viewer);
  const waiting =
    !hydrated || (ids.length > 0 && (load.state === 'idle' || load.state === 'loading')) || variantsLoading;

  return (
    <div className="catalog-page">
      <Breadcrumbs items={[{ label: 'Избранное' }]} />
      <header className="catalog-page__head">
        <h1 className="catalog-page__title">Избранное</h1>
        {hydrated && products.length > 0 && (
          <p className="catalog-page__lead">{productCount(products.length)}</p>
        )}
      </header>
      {waiting ? (
        <ul className="product-grid" aria-busy="true" aria-label="Загружаем избранное">
          {Array.from({ length: Math.min(Math.max(ids.length, 4), 8) }, (_, i) => (
            <li key={i} className="skeleton-card" aria-hidden="true">
              <span className="skeleton skeleton--square" />
              <span className="skeleton skeleton--line" />
              <span className="skeleton skeleton--line skeleton--short" />
            </li>
          ))}
        </ul>
      ) : load.state === 'error' ? (
        <div className="catalog__empty" role="alert">
          <p className="catalog__empty-title">Не удалось загрузить избранное</p>
          <p>Проверьте подключение к интернету и попробуйте ещё раз.</p>
          <button type="button" className="button button--primary" onClick={() => setAttempt((n) => n + 1)}>
            Повторить
          </button>
        </div>
      ) : products.length === 0 ? (
        <div className="catalog__empty">
          <p className="catalog__empty-title">В избранном пока пусто</p>
          <p>Нажмите на сердечко у товара, чтобы отложить его и вернуться к нему позже.</p>
          <Link to="/catalog" className="button button--primary">
            Перейти в каталог
          </Link>
        </div>
      ) : (
        <ul className="product-grid">
          {products.map((product) => (
            <li key={product.id}>
              <ProductCard product={product} variant={variants.get(product.id)} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * The remembered variants of the favourites shown, by product id: each product's page (its offers, priced for
 * this visitor) is fetched once, the cards waiting for them; a variant no longer on sale leaves its card the
 * product's.
 */
function useVariants(
  products: readonly SearchProduct[],
  offerOf: (id: number) => number | null,
  viewer: string | null,
): { variants: Map<number, CardVariant>; loading: boolean } {
  const api = useApi();
  const [pages, setPages] = useState<{ viewer: string | null; offers: Map<string, CardVariant | null> }>({
    viewer,
    offers: new Map(),
  });
  const known = pages.viewer === viewer ? pages.offers : new Map<string, CardVariant | null>();
  const wanted = products.flatMap((p) => {
    const offerId = offerOf(p.id);
    return offerId ? [{ product: p, offerId, key: `${p.id}:${offerId}` }] : [];
  });
  const missing = wanted.filter((w) => !known.has(w.key));
  const missingKey = missing.map((w) => w.key).join(',');
  useEffect(() => {
    if (!missing.length) return;
    let cancelled = false;
    void Promise.all(
      missing.map(({ product, offerId, key }) =>
        api.catalog
          .product(product.slug)
          .then((page) => {
            const offer = page.offers.find((o) => o.id === offerId);
            // The lash notation, and what else its siblings differ in (the title says the colour they share).
            const named = page.options.filter((o) => o.values.length > 1 || LASH_CODES.includes(o.code));
            const varying = new Set(named.map((o) => o.code));
            return [key, offer ? { offer, label: variantLabel(offer, varying) } : null] as const;
          })
          .catch(() => [key, null] as const),
      ),
    ).then((found) => {
      if (cancelled) return;
      setPages((current) => {
        const offers = new Map(current.viewer === viewer ? current.offers : []);
        for (const [key, offer] of found) offers.set(key, offer);
        return { viewer, offers };
      });
    });
    return () => {
      cancelled = true;
    };
    // `missingKey` stands for `missing`, which is a new array every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [api, missingKey, viewer]);
  const variants = new Map<number, CardVariant>();
  for (const { product, key } of wanted) {
    const variant = known.get(key);
    if (variant) variants.set(product.id, variant);
  }
  return { variants, loading: missing.length > 0 };
}
