import type { SearchProduct } from '@shop/schemas';
import { Link } from 'react-router';
import { ProductCard } from './ProductCard';

interface ProductSectionProps {
  id: string;
  title: string;
  products: SearchProduct[];
  moreHref: string;
  moreLabel: string;
}

/**
 * A titled selection of product cards with a link to the full list, in whole rows (a short last row is left to
 * the list behind the link). Renders nothing when empty.
 */
export function ProductSection({ id, title, products, moreHref, moreLabel }: ProductSectionProps) {
  if (products.length === 0) return null;
  const headingId = `${id}-title`;
  return (
    <section className="section" aria-labelledby={headingId}>
      <div className="section__head">
        <h2 id={headingId} className="section__title">
          {title}
        </h2>
        <Link to={moreHref} className="section__more">
          {moreLabel}
        </Link>
      </div>
      <ul className="product-grid product-grid--whole-rows">
        {products.map((product) => (
          <li key={product.id}>
            <ProductCard product={product} />
          </li>
        ))}
      </ul>
    </section>
  );
}
