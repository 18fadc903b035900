import type { CartState } from '@shop/schemas';
import type { ReactNode } from 'react';
import { formatMoney, GOODS, plural, POINTS } from '../../lib/format';
import { StickyBar } from '../../ui/StickyBar';

interface CartTotalsProps {
  cart: Pick<CartState, 'totals' | 'discounts' | 'bonuses' | 'delivery'>;
  /** What the delivery row says before a delivery is chosen. */
  noDelivery: string;
  /** The sums are being priced again (a new delivery or payment): shown dimmed. */
  stale?: boolean;
}

/**
 * The sums of a cart, as the cart page and the checkout show them: goods, each discount with its title and
 * reason, bonuses, delivery, the total.
 */
export function CartTotals({ cart, noDelivery, stale = false }: CartTotalsProps) {
  const { totals, discounts, bonuses, delivery } = cart;
  const selected = delivery.options.find((o) => o.id === delivery.selectedId);
  return (
    <dl className={stale ? 'cart-summary__rows checkout-summary__rows--stale' : 'cart-summary__rows'}>
      <div>
        <dt>
          Товары, {totals.quantity} {plural(totals.quantity, GOODS)}
        </dt>
        <dd>{formatMoney(totals.goods)}</dd>
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
              {d.amount > 0 ? `−${formatMoney(d.amount)}` : 'бесплатная доставка'}
              {d.amount > 0 && d.deliverySaving > 0 ? ' и бесплатная доставка' : ''}
            </dd>
          </div>
        ))}
      {bonuses.value > 0 && (
        <div className="cart-summary__discount">
          <dt>Бонусами</dt>
          <dd>−{formatMoney(bonuses.value)}</dd>
        </div>
      )}
      <div>
        <dt>Доставка{selected ? `: ${selected.title}` : ''}</dt>
        <dd>{selected ? (totals.delivery > 0 ? formatMoney(totals.delivery) : 'бесплатно') : noDelivery}</dd>
      </div>
      <div className="cart-summary__total">
        <dt>Итого</dt>
        <dd>{formatMoney(totals.total)}</dd>
      </div>
      {bonuses.earn > 0 && (
        // Where the purchase is decided: what it brings back (accrued when the order is completed).
        <div className="cart-summary__earn">
          <dt>Вернётся баллами</dt>
          <dd>
            +{bonuses.earn} {plural(bonuses.earn, POINTS)}
          </dd>
        </div>
      )}
    </dl>
  );
}

/** The phone's bar at the bottom of the screen: the total and the page's main button. */
export function StickyTotal({ total, children }: { total: number; children: ReactNode }) {
  return (
    <StickyBar className="cart-sticky">
      <p className="cart-sticky__total">
        <span>Итого</span>
        <strong>{formatMoney(total)}</strong>
      </p>
      {children}
    </StickyBar>
  );
}
