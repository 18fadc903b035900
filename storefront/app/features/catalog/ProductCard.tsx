import type { ProductPageOffer, SearchProduct } from '@shop/schemas';
import { Link } from 'react-router';
import { formatDiscount } from '../../lib/format';
import { splitTitle } from './product-title';
import { AddToCartForm } from '../cart';
import { FavoriteButton } from './FavoriteButton';
import { Icon } from '../../ui/Icon';
import { Picture } from '../../ui/Picture';
import { PriceTag } from '../../ui/PriceTag';
import './product-card.css';

// Intrinsic size of the card image: reserves the square before the picture arrives (no layout shift).
const IMAGE_SIZE = 400;
// Two cards a row on phones, three on tablets, four in the 1384 px column: never wider than 340 px. The
// screen's gutters and the gap between cards are taken off, so a phone picks the file its slot needs.
const IMAGE_SIZES = '(min-width: 1024px) 340px, (min-width: 768px) calc(33vw - 32px), calc(50vw - 24px)';
const IMAGE_MAX_WIDTH = 384;

/** A variant the card stands for (a favourite remembered with its variant): its words and its offer. */
export interface CardVariant {
  offer: ProductPageOffer;
  /** «C 0,10 мм 11 мм». */
  label: string;
}

/**
 * The product card of DESIGN.md: square image, the name on at most two lines and what tells the product from its
 * siblings on a line of its own, price with the sale details, badges (one on a phone), action. With a
 * `variant` (the favourites), the card is that variant's: its words under the name, its price, its page and
 * «В корзину» for it.
 */
export function ProductCard({
  product,
  priority,
  variant,
}: {
  product: SearchProduct;
  priority?: boolean;
  variant?: CardVariant;
}) {
  // The prices are the API's for this visitor (their type's discount, the cart rules one unit meets): the
  // price they pay in the cart, the base price struck through when it is higher.
  const price = variant?.offer ?? product;
  const onSale = price.salePrice < price.basePrice;
  const { name, detail } = splitTitle(product.title);
  const url = variant ? `${product.url}?offer=${variant.offer.id}` : product.url;
  return (
    <article className="product-card">
      <Link to={url} className="product-card__media" tabIndex={-1} aria-hidden="true">
        {product.announceImageUrl ? (
          <Picture
            src={product.announceImageUrl}
            alt={product.title}
            width={IMAGE_SIZE}
            height={IMAGE_SIZE}
            sizes={IMAGE_SIZES}
            maxDisplayWidth={IMAGE_MAX_WIDTH}
            priority={priority}
          />
        ) : (
          <span className="product-card__no-image">Нет фото</span>
        )}
      </Link>
      <ul className="product-card__badges" aria-label="Метки товара">
        {onSale && price.benefitPercent > 0 && (
          <li className="badge badge--sale">{formatDiscount(price.benefitPercent)}</li>
        )}
        {product.isNew && <li className="badge badge--new">Новинка</li>}
        {product.isHit && <li className="badge badge--hit">Хит</li>}
      </ul>
      <FavoriteButton
        productId={product.id}
        offerId={variant?.offer.id}
        title={product.title}
        className="product-card__favorite"
      />
      <h3 className="product-card__title">
        {/* The whole title block is the link: a thumb-sized target, and the detail line is part of the name. */}
        <Link to={url} className="product-card__link">
          <span className="product-card__name">{name}</span>
          {detail && (
            <>
              <span className="visually-hidden">, </span>
              <span className="product-card__detail">{detail}</span>
            </>
          )}
        </Link>
      </h3>
      {variant && <p className="product-card__variant">{variant.label}</p>}
      <PriceTag
        price={price.salePrice}
        basePrice={price.basePrice}
        size="card"
        className="product-card__prices"
      />
      {variant ? <VariantAction product={product} variant={variant} /> : <ProductAction product={product} />}
    </article>
  );
}

/** The remembered variant goes into the cart; sold out, its page (the card's links) offers to be told. */
function VariantAction({ product, variant }: { product: SearchProduct; variant: CardVariant }) {
  const { offer, label } = variant;
  if (!offer.inStock)
    return (
      <button type="button" className="button product-card__action" disabled>
        Нет в наличии
      </button>
    );
  return (
    <AddToCartForm
      offerId={offer.id}
      quantity={1}
      title={product.title}
      variant={label}
      price={offer.salePrice}
      className="product-card__buy"
    >
      {({ busy }) => (
        <button
          type="submit"
          className="button button--primary product-card__action"
          data-offer-id={offer.id}
          aria-label={`В корзину: ${product.title}, ${label}`}
          disabled={busy}
        >
          <Icon name="cart" size={20} />В корзину
        </button>
      )}
    </AddToCartForm>
  );
}

/** "Выбрать" leads to the variant chooser; a single-offer product goes straight to the cart. */
function ProductAction({ product }: { product: SearchProduct }) {
  if (product.offersCount > 1) {
    return (
      <Link to={product.url} className="button button--quiet product-card__action">
        Выбрать
      </Link>
    );
  }
  if (!product.inStock) {
    return (
      <button type="button" className="button product-card__action" disabled>
        Нет в наличии
      </button>
    );
  }
  // Without an offer id (an older answer) the product page is the way to buy it.
  if (product.offerId === null) {
    return (
      <Link to={product.url} className="button button--quiet product-card__action">
        Выбрать
      </Link>
    );
  }
  // Its one offer goes straight into the cart (a form: it works without JavaScript too).
  return (
    <AddToCartForm
      offerId={product.offerId}
      quantity={1}
      title={product.title}
      price={product.salePrice}
      className="product-card__buy"
    >
      {({ busy }) => (
        <button
          type="submit"
          className="button button--primary product-card__action"
          data-offer-id={product.offerId ?? undefined}
          aria-label={`В корзину: ${product.title}`}
          disabled={busy}
        >
          <Icon name="cart" size={20} />В корзину
        </button>
      )}
    </AddToCartForm>
  );
}
