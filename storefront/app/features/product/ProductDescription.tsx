import type { ProductPage } from '@shop/schemas';

/** The product page's «Описание»: the description (markup the API sanitised) and the brand's facts. */
export function ProductDescription({ product }: { product: ProductPage }) {
  if (!product.description && !product.brand) return null;
  return (
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
  );
}
