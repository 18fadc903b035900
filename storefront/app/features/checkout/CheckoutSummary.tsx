import type { CartState } from '@shop/schemas';
import { Link } from 'react-router';
import { CART_PATH, formatAttributes } from '../cart';
import { formatMoney, GOODS, plural } from '../../lib/format';
import { CartTotals, StickyTotal } from '../cart';

const LINES = ['позиция', 'позиции', 'позиций'] as const;

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
  const { totals } = cart;
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
          {plural(totals.quantity, GOODS)}
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
                {line.quantity} × {formatMoney(line.unitPrice)}
              </span>
            </li>
          ))}
        </ul>
      </details>
      <CartTotals cart={cart} noDelivery="выберите способ" stale={repricing} />
      {repricing && (
        <p className="checkout-summary__note" role="status">
          Пересчитываем стоимость…
        </p>
      )}
      <button type="submit" className="button button--primary cart-summary__checkout" disabled={blocked}>
        {label}
      </button>
      <p className="checkout-summary__note">Менеджер свяжется с вами, чтобы подтвердить заказ.</p>
      <StickyTotal total={totals.total}>
        <button type="submit" className="button button--primary" disabled={blocked} tabIndex={-1}>
          {label}
        </button>
      </StickyTotal>
    </section>
  );
}
