import type { CartState } from '@shop/schemas';
import { Link } from 'react-router';
import { CHECKOUT_PATH } from '../../lib/cart';
import { formatPrice, plural } from '../../lib/format';

const PIECES = ['товар', 'товара', 'товаров'] as const;

/**
 * The totals: goods, each discount with its title, bonuses, delivery when chosen, the sum to pay; the
 * free-delivery hint; what keeps the cart from being ordered (a minimum order…); the checkout button
 * (inactive while the cart cannot be ordered). On phones the sum and the button also stay at the bottom.
 */
export function CartSummary({ cart }: { cart: CartState }) {
  const { totals, discounts, delivery, bonuses } = cart;
  const selected = delivery.options.find((o) => o.id === delivery.selectedId);
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
      <dl className="cart-summary__rows">
        <div>
          <dt>
            Товары, {totals.quantity} {plural(totals.quantity, PIECES)}
          </dt>
          <dd>{formatPrice(totals.goods)}</dd>
        </div>
        {discounts
          .filter((d) => d.amount > 0 || d.deliverySaving > 0 || d.type === 'free_delivery')
          .map((d) => (
            <div key={`${d.source}-${d.id}`} className="cart-summary__discount">
              <dt>
                {d.title}
                {d.description && <span className="cart-summary__why">{d.description}</span>}
              </dt>
              <dd>
                {d.amount > 0 ? `−${formatPrice(d.amount)}` : 'бесплатная доставка'}
                {d.amount > 0 && d.deliverySaving > 0 ? ' и бесплатная доставка' : ''}
              </dd>
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
            {selected ? (totals.delivery > 0 ? formatPrice(totals.delivery) : 'бесплатно') : 'при оформлении'}
          </dd>
        </div>
        <div className="cart-summary__total">
          <dt>Итого</dt>
          <dd>{formatPrice(totals.total)}</dd>
        </div>
      </dl>
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
