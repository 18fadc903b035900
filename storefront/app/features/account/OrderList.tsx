import type { ProfileOrder } from '@shop/schemas';
import { Link } from 'react-router';
import { formatDate, formatMoney, GOODS, plural } from '../../lib/format';
import { orderPath, paymentNote, statusTone } from './order-lists';

export function StatusBadge({ order }: { order: Pick<ProfileOrder, 'status' | 'statusLabel'> }) {
  return (
    <span className={`order-status order-status--${statusTone(order.status)}`}>{order.statusLabel}</span>
  );
}

/** Orders as cards: number and date, status, how many pieces, the total; each opens its page. */
export function OrderList({ orders }: { orders: ProfileOrder[] }) {
  return (
    <ul className="order-list">
      {orders.map((order) => (
        <li key={order.number} className="order-card">
          <div className="order-card__head">
            <Link to={orderPath(order.number)} className="order-card__number">
              Заказ № {order.number}
            </Link>
            <StatusBadge order={order} />
          </div>
          <p className="order-card__meta">
            от <time dateTime={order.createdAt}>{formatDate(order.createdAt)}</time> · {order.itemsCount}{' '}
            {plural(order.itemsCount, GOODS)}
            {paymentNote(order) && <> · {paymentNote(order)}</>}
          </p>
          <p className="order-card__total">{formatMoney(order.total)}</p>
        </li>
      ))}
    </ul>
  );
}

/** Nothing in a list: say so and offer the catalogue. */
export function EmptyOrders({ text }: { text: string }) {
  return (
    <div className="profile-empty">
      <p className="profile-empty__text">{text}</p>
      <Link to="/catalog" className="button button--primary">
        Перейти в каталог
      </Link>
    </div>
  );
}
