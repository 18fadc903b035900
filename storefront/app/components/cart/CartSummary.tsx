import type { CartState } from '@shop/schemas';
import { Link } from 'react-router';
import { CHECKOUT_PATH } from '../../lib/cart';
import { formatPrice } from '../../lib/format';
import { CartTotals } from './CartTotals';

/**
 * The totals: goods, each discount with its title, bonuses, delivery when chosen, the sum to pay; the
 * free-delivery hint; what keeps the cart from being ordered (a minimum order…); the checkout button
 * (inactive while the cart cannot be ordered). On phones the sum and the button also stay at the bottom.
 */
export function CartSummary({ cart }: { cart: CartState }) {
  const { totals, delivery } = cart;
  // Problems of a line are shown on it; the rest (minimum order, the coupon, bonuses) here.
  const general = cart.problems.filter((p) => p.offerId === null && p.code !== 'coupon');
  const blockingLines = cart.items.filter((l) => l.problem).length;
  const checkout = cart.canOrder ? (
    <Link to={CHECKOUT_PATH} className="button button--primary cart-summary__checkout">
      Оформить заказ
    </Link>
  ) : (
    <button type="button" className="button button--primary cart-summary__checkout" disabled>
      Оформить заказ
    </button>
  );
  return (
    <section className="cart-box cart-summary" aria-labelledby="cart-summary-title">
      <h2 id="cart-summary-title" className="cart-box__title">
        Ваш заказ
      </h2>
      <CartTotals cart={cart} noDelivery="при оформлении" />
      {delivery.hint && <p className="cart-summary__hint">{delivery.hint}</p>}
      {general.length > 0 && (
        <ul className="cart-summary__problems">
          {general.map((p) => (
            <li
              key={`${p.code}-${p.message}`}
              className={p.blocking ? 'cart-problem cart-problem--blocking' : 'cart-problem'}
            >
              {p.message}
            </li>
          ))}
        </ul>
      )}
      {!cart.canOrder && blockingLines > 0 && (
        <p className="cart-problem cart-problem--blocking">
          Уберите или исправьте отмеченные товары, чтобы оформить заказ.
        </p>
      )}
      {checkout}
      <div className="sticky-bar cart-sticky" aria-hidden="true">
        <p className="cart-sticky__total">
          <span>Итого</span>
          <strong>{formatPrice(totals.total)}</strong>
        </p>
        {cart.canOrder ? (
          <Link to={CHECKOUT_PATH} className="button button--primary" tabIndex={-1}>
            Оформить заказ
          </Link>
        ) : (
          <button type="button" className="button button--primary" disabled tabIndex={-1}>
            Оформить заказ
          </button>
        )}
      </div>
    </section>
  );
}
