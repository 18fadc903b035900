import type { CartState } from '@shop/schemas';
import { Link } from 'react-router';
import { CART_PATH, formatAttributes } from '../../lib/cart';
import { formatPrice, plural } from '../../lib/format';

const LINES = ['позиция', 'позиции', 'позиций'] as const;
const PIECES = ['товар', 'товара', 'товаров'] as const;

interface CheckoutSummaryProps {
  cart: CartState;
  /** The cart is being priced again for a new delivery or payment: the sums are not final yet. */
  repricing: boolean;
  /** Sending the order. */
  placing: boolean;
}

/**
 * The order column: what is ordered (folded), goods, discounts, bonuses, delivery and the total, with
 * "Подтвердить заказ". On phones the total and the button also stay at the bottom of the screen.
 */
export function CheckoutSummary({ cart, repricing, placing }: CheckoutSummaryProps) {
  const { totals, discounts, bonuses, delivery } = cart;
  const selected = delivery.options.find((o) => o.id === delivery.selectedId);
  const blocked = !cart.canOrder || repricing || placing;
  const label = placing ? 'Оформляем…' : 'Подтвердить заказ';
  return (
    <section
      className="cart-box checkout-summary"
      aria-labelledby="checkout-summary-title"
      aria-busy={repricing || undefined}
    >
      <h2 id="checkout-summary-title" className="cart-box__title">
        Ваш заказ
      </h2>
      <details className="checkout-summary__items">
        <summary>
          {cart.items.length} {plural(cart.items.length, LINES)}, {totals.quantity}{' '}
          {plural(totals.quantity, PIECES)}
          <Link to={CART_PATH} className="checkout-summary__edit">
            Изменить
          </Link>
        </summary>
        <ul>
          {cart.items.map((line) => (
            <li key={line.id}>
              <span>
                {line.title}
                {Object.keys(line.attributes).length > 0 && (
                  <span className="checkout-summary__attrs"> {formatAttributes(line.attributes)}</span>
                )}
              </span>
              <span className="checkout-summary__qty">
                {line.quantity} × {formatPrice(line.unitPrice)}
              </span>
            </li>
          ))}
        </ul>
      </details>
      <dl className={repricing ? 'cart-summary__rows checkout-summary__rows--stale' : 'cart-summary__rows'}>
        <div>
          <dt>
            Товары, {totals.quantity} {plural(totals.quantity, PIECES)}
          </dt>
          <dd>{formatPrice(totals.goods)}</dd>
        </div>
        {discounts
          .filter((d) => d.amount > 0)
          .map((d) => (
            <div key={`${d.source}-${d.id}`} className="cart-summary__discount">
              <dt>{d.title}</dt>
              <dd>−{formatPrice(d.amount)}</dd>
            </div>
          ))}
        {bonuses.value > 0 && (
          <div className="cart-summary__discount">
            <dt>Бонусами</dt>
            <dd>−{formatPrice(bonuses.value)}</dd>
          </div>
        )}
        <div>
          <dt>Доставка{selected ? `: ${selected.title}` : ''}</dt>
          <dd>
            {selected
              ? totals.delivery > 0
                ? formatPrice(totals.delivery)
                : 'бесплатно'
              : 'выберите способ'}
          </dd>
        </div>
        <div className="cart-summary__total">
          <dt>Итого</dt>
          <dd>{formatPrice(totals.total)}</dd>
        </div>
      </dl>
      {repricing && (
        <p className="checkout-summary__note" role="status">
          Пересчитываем стоимость…
        </p>
      )}
      <button type="submit" className="button button--primary cart-summary__checkout" disabled={blocked}>
        {label}
      </button>
      <p className="checkout-summary__note">Менеджер свяжется с вами, чтобы подтвердить заказ.</p>
      <div className="sticky-bar cart-sticky" aria-hidden="true">
        <p className="cart-sticky__total">
          <span>Итого</span>
          <strong>{formatPrice(totals.total)}</strong>
        </p>
        <button type="submit" className="button button--primary" disabled={blocked} tabIndex={-1}>
          {label}
        </button>
      </div>
    </section>
  );
}
