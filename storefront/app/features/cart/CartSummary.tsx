import type { CartState } from '@shop/schemas';
import { Link } from 'react-router';
import { CHECKOUT_PATH } from './cart';
import { CartTotals, StickyTotal } from './CartTotals';

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
      <CheckoutLink canOrder={cart.canOrder} className="button button--primary cart-summary__checkout" />
      <StickyTotal total={totals.total}>
        <CheckoutLink canOrder={cart.canOrder} className="button button--primary" tabIndex={-1} />
      </StickyTotal>
    </section>
  );
}

/** «Оформить заказ»: a link to the checkout, or an inactive button while the cart cannot be ordered. */
function CheckoutLink({
  canOrder,
  className,
  tabIndex,
}: {
  canOrder: boolean;
  className: string;
  tabIndex?: number;
}) {
  return canOrder ? (
    <Link to={CHECKOUT_PATH} className={className} tabIndex={tabIndex}>
      Оформить заказ
    </Link>
  ) : (
    <button type="button" className={className} disabled tabIndex={tabIndex}>
      Оформить заказ
    </button>
  );
}
