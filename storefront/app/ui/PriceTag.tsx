import { formatDiscount, formatMoney } from '../lib/format';
import './price-tag.css';

/**
 * A price as the visitor pays it, the base price struck through when it is higher (with visually hidden
 * «Цена со скидкой» / «Цена без скидки» for screen readers). Sizes: the product page's ("page"), its sticky
 * bar's ("bar"), a product card's ("card") and a cart line's ("line"). Optionally «за шт.» after it and the
 * discount badge (when on sale with a discount of a whole percent or more).
 */
export function PriceTag({
  price,
  basePrice,
  size,
  discountPercent = 0,
  perUnit = false,
  from = false,
  className,
}: {
  price: number;
  basePrice: number;
  size: 'page' | 'bar' | 'card' | 'line';
  discountPercent?: number;
  perUnit?: boolean;
  /** «от 590 ₽»: the lowest of several prices (a product whose variant is not chosen yet). */
  from?: boolean;
  className?: string;
}) {
  const onSale = price < basePrice;
  return (
    <p className={`price price--${size}${className ? ` ${className}` : ''}`}>
      <span className={onSale ? 'price__current price__current--sale' : 'price__current'}>
        {onSale && <span className="visually-hidden">Цена со скидкой: </span>}
        {from && 'от '}
        {formatMoney(price)}
      </span>
      {onSale && (
        <s className="price__old">
          <span className="visually-hidden">Цена без скидки: </span>
          {formatMoney(basePrice)}
        </s>
      )}
      {onSale && discountPercent > 0 && (
        <span className="badge badge--sale price__badge">{formatDiscount(discountPercent)}</span>
      )}
      {perUnit && <span className="price__per"> за шт.</span>}
    </p>
  );
}
