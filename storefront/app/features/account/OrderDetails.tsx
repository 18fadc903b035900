import type { ProfileOrder } from '@shop/schemas';
import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router';
import { formatAttributes } from '../cart';
import { formatDate, formatDateTime, formatPhone, formatMoney, plural } from '../../lib/format';
import { Picture } from '../../ui/Picture';
import { StatusBadge } from './OrderList';
import { formatPoints, paymentNote } from './order-lists';

/** What the catalogue still knows of an ordered product: its page and picture (null once removed). */
export interface OrderedProduct {
  url: string;
  image: string | null;
}

interface OrderDetailsProps {
  order: ProfileOrder;
  products: Record<number, OrderedProduct>;
  /** What the customer can do with it, under its status (OrderActions). */
  actions?: ReactNode;
}

const POINTS = ['балл', 'балла', 'баллов'] as const;

/**
 * One order: status, the items with their pictures, characteristics and prices, how it is delivered and
 * paid, each discount, the totals, its history. The account's order page and a guest's private order page
 * show it (OrderPage).
 */
export function OrderDetails({ order, products, actions }: OrderDetailsProps) {
  const items = order.items ?? [];
  const delivery = [order.deliveryPostalCode, order.deliveryCity, order.deliveryAddress]
    .filter(Boolean)
    .join(', ');
  const discounts = order.discounts ?? [];
  const accrued = order.bonusAccrued ?? 0;
  const history = order.history ?? [];
  return (
    <div className="order">
      <div className="order__status">
        <StatusBadge order={order} />
        <span className="order__date">
          от <time dateTime={order.createdAt}>{formatDate(order.createdAt)}</time>
          {paymentNote(order) && <> · {paymentNote(order)}</>}
        </span>
      </div>
      {order.status === 'canceled' && order.cancelReason && (
        <p className="order__cancel">Причина отмены: {order.cancelReason}</p>
      )}
      {actions}

      <section className="order__section" aria-labelledby="order-items">
        <h2 id="order-items" className="order__heading">
          Товары
        </h2>
        <ul className="order-items">
          {items.map((item, i) => {
            const product = item.productId !== null ? products[item.productId] : undefined;
            const title = product ? (
              <Link to={product.url} className="order-item__title">
                {item.title}
              </Link>
            ) : (
              <span className="order-item__title">{item.title}</span>
            );
            const attributes = formatAttributes(item.attributes);
            return (
              <li key={`${item.productId ?? 'x'}-${i}`} className="order-item">
                <div className="order-item__image">
                  {product?.image ? (
                    <Picture src={product.image} alt={item.title} width={80} height={80} sizes="80px" />
                  ) : (
                    <span className="order-item__noimage" aria-hidden="true" />
                  )}
                </div>
                <div className="order-item__body">
                  {title}
                  {attributes && <p className="order-item__article">{attributes}</p>}
                  {item.article && <p className="order-item__article">Артикул {item.article}</p>}
                  <p className="order-item__price">
                    {formatMoney(item.price)} × {item.quantity} шт.
                  </p>
                </div>
                <p className="order-item__total">{formatMoney(item.total)}</p>
              </li>
            );
          })}
        </ul>
      </section>

      <div className="order__columns">
        <section className="order__section" aria-labelledby="order-delivery">
          <h2 id="order-delivery" className="order__heading">
            Доставка
          </h2>
          <dl className="order__facts">
            {order.deliveryService && (
              <>
                <dt>Способ</dt>
                <dd>{order.deliveryService}</dd>
              </>
            )}
            {order.deliveryPickupAddress ? (
              <>
                <dt>Где забрать</dt>
                <dd>{order.deliveryPickupAddress}</dd>
              </>
            ) : (
              <>
                <dt>Адрес</dt>
                <dd>{delivery || 'Не указан'}</dd>
              </>
            )}
            {order.deliveryPoint ? (
              <>
                <dt>Пункт выдачи</dt>
                <dd>
                  {order.deliveryPoint.name && <>{order.deliveryPoint.name}, </>}
                  {order.deliveryPoint.address}
                  {order.deliveryPoint.workTime && (
                    <span className="order__fact-note">{order.deliveryPoint.workTime}</span>
                  )}
                </dd>
              </>
            ) : (
              order.deliveryPickupPoint && (
                <>
                  <dt>Пункт выдачи</dt>
                  <dd>{order.deliveryPickupPoint}</dd>
                </>
              )
            )}
            {order.deliveryDate ? (
              <>
                <dt>Когда</dt>
                <dd>
                  {formatDate(order.deliveryDate)}
                  {order.deliveryTimeSlot && <>, {order.deliveryTimeSlot}</>}
                </dd>
              </>
            ) : (
              order.deliveryEstimate && (
                <>
                  <dt>Срок</dt>
                  <dd>{order.deliveryEstimate}</dd>
                </>
              )
            )}
            {order.deliveryTrackNumber && (
              <>
                <dt>Трек-номер</dt>
                <dd>
                  {order.deliveryTrackingUrl ? (
                    <a href={order.deliveryTrackingUrl} target="_blank" rel="noopener noreferrer">
                      {order.deliveryTrackNumber}
                    </a>
                  ) : (
                    order.deliveryTrackNumber
                  )}
                </dd>
              </>
            )}
            {order.customerName && (
              <>
                <dt>Получатель</dt>
                <dd>
                  {order.customerName}
                  {order.customerPhone && <>, {formatPhone(order.customerPhone)}</>}
                </dd>
              </>
            )}
            {order.comment && (
              <>
                <dt>Комментарий</dt>
                <dd>{order.comment}</dd>
              </>
            )}
          </dl>
        </section>

        <section className="order__section" aria-labelledby="order-payment">
          <h2 id="order-payment" className="order__heading">
            Оплата
          </h2>
          <dl className="order__totals">
            {order.paymentService && (
              <>
                <dt>Способ оплаты</dt>
                <dd>{order.paymentService}</dd>
              </>
            )}
            <dt>Статус оплаты</dt>
            <dd>{order.paymentStatusLabel}</dd>
            {order.paidAt && (
              <>
                <dt>Оплачен</dt>
                <dd>
                  <time dateTime={order.paidAt}>{formatDateTime(order.paidAt)}</time>
                </dd>
              </>
            )}
            {!!order.refundedAmount && (
              <>
                <dt>Возвращено</dt>
                <dd data-testid="order-refunded">
                  {formatMoney(order.refundedAmount)}
                  {order.refundPending
                    ? ` (${formatMoney(order.refundPending)} — возврат в обработке, деньги ещё в пути)`
                    : ''}
                </dd>
              </>
            )}
            <dt>Товары</dt>
            <dd>{formatMoney(order.itemsTotal)}</dd>
            {discounts.length > 0
              ? discounts.map((d, i) => (
                  <Fragment key={`${d.title}-${i}`}>
                    <dt>{d.title}</dt>
                    <dd className="order__minus">−{formatMoney(d.amount)}</dd>
                  </Fragment>
                ))
              : order.discountTotal > 0 && (
                  <>
                    <dt>Скидка</dt>
                    <dd className="order__minus">−{formatMoney(order.discountTotal)}</dd>
                  </>
                )}
            <dt>Доставка</dt>
            <dd>{order.deliveryPrice > 0 ? formatMoney(order.deliveryPrice) : 'Бесплатно'}</dd>
            {order.bonusSpent > 0 && (
              <>
                <dt>Списано бонусов</dt>
                <dd>
                  {formatPoints(order.bonusSpent)} {plural(order.bonusSpent, POINTS)}
                </dd>
              </>
            )}
            <dt className="order__grand">Итого</dt>
            <dd className="order__grand">{formatMoney(order.total)}</dd>
          </dl>
          {order.status === 'completed' && accrued > 0 && (
            <p className="order__bonus">
              Начислено {formatPoints(accrued)} {plural(accrued, POINTS)} за этот заказ
            </p>
          )}
        </section>
      </div>

      {history.length > 0 && <OrderHistory history={history} />}
    </div>
  );
}

/** What happened to the order, oldest first, as a vertical timeline (Moscow time). */
function OrderHistory({ history }: { history: NonNullable<ProfileOrder['history']> }) {
  return (
    <section className="order__section" aria-labelledby="order-history">
      <h2 id="order-history" className="order__heading">
        История заказа
      </h2>
      <ol className="order-history">
        {history.map((event, i) => (
          <li key={`${event.at}-${i}`} className={`order-history__event order-history__event--${event.kind}`}>
            <time dateTime={event.at} className="order-history__time">
              {formatDateTime(event.at)}
            </time>
            <p className="order-history__title">{event.title}</p>
            {event.comment && <p className="order-history__comment">{event.comment}</p>}
          </li>
        ))}
      </ol>
    </section>
  );
}
