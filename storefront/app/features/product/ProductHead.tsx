import type { ProductPage } from '@shop/schemas';
import { plural } from '../../lib/format';
import { Stars } from '../../ui/Stars';
import { REVIEWS } from './reviews-words';

/** The product page's title, its «Новинка» and «Хит» badges, the rating (a link to the reviews) and the brand. */
export function ProductHead({ product }: { product: ProductPage }) {
  const { rating } = product;
  return (
    <header className="product-page__head">
      <h1 className="product-page__title">{product.title}</h1>
      <div className="product-page__meta">
        {product.isNew && <span className="badge badge--new">Новинка</span>}
        {product.isHit && <span className="badge badge--hit">Хит</span>}
        {rating.average !== null ? (
          <a href="#reviews" className="product-page__rating">
            <Stars value={rating.average} size={16} />
            <span>
              {rating.average.toFixed(1).replace('.', ',')} · {rating.count} {plural(rating.count, REVIEWS)}
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
  );
}
