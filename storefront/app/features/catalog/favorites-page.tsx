import type { SearchProduct } from '@shop/schemas';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { Route } from '../../routes/+types/favorites';
import { productCount } from './CatalogListing';
import { Breadcrumbs } from '../../ui/Breadcrumbs';
import { ProductCard } from './ProductCard';
import { useAuth } from '../../lib/auth';
import { useApi } from '../../lib/browser-api';
import { useFavorites } from './favorites';
import { seoMeta } from '../../lib/seo';
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
 * the product ids go to the listing API, the cards come back in the order they were added.
 */
export default function Favorites() {
  const api = useApi();
  const { ids } = useFavorites();
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
  const waiting = !hydrated || (ids.length > 0 && (load.state === 'idle' || load.state === 'loading'));

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
              <ProductCard product={product} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
