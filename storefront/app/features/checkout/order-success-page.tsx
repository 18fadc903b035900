import { useEffect, useMemo, useState } from 'react';
import { Link, useSubmit } from 'react-router';
import type { Route } from '../../routes/+types/cart.order.success';
import { trackPurchase } from '../../lib/analytics';
import { CHECKOUT_SUCCESS_PATH, nextStepsText } from './checkout';
import { formatMoney } from '../../lib/format';
import { seoMeta } from '../../lib/seo';
import { invoicePath, PayForm } from '../account';
import { orderPagePath, placedOrderPath, type OrderAccess } from '../account';
import './checkout.css';

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  seoMeta(
    {
      title: loaderData ? `Заказ № ${loaderData.number} оформлен` : 'Заказ оформлен',
      description: 'Заказ оформлен.',
      path: CHECKOUT_SUCCESS_PATH,
      noindex: true,
    },
    matches,
  );

/**
 * What this tab already did, by list: the ids (the last 20 are kept), so that a reload or a return to this
 * page does not do it again. With storage closed (private mode) nothing is kept: once per page view is the
 * best left.
 */
function doneInTab(list: string): Set<string> {
  try {
    return new Set<string>(JSON.parse(sessionStorage.getItem(list) ?? '[]') as string[]);
  } catch {
    return new Set();
  }
}

function rememberInTab(list: string, id: string): void {
  try {
    const done = doneInTab(list).add(id);
    sessionStorage.setItem(list, JSON.stringify([...done].slice(-20)));
  } catch {
    // Storage closed: see doneInTab.
  }
}

const TRACKED = 'shop.purchaseTracked';
const PAYMENT_STARTED = 'shop.paymentStarted';

/** Metrika counts a purchase once. */
function trackPurchaseOnce(input: Parameters<typeof trackPurchase>[0]): void {
  const id = String(input.orderId);
  if (doneInTab(TRACKED).has(id)) return;
  rememberInTab(TRACKED, id);
  trackPurchase(input);
}

/** How long «Переходим к оплате…» shows before the browser goes to the payment page by itself. */
const AUTO_PAY_DELAY_MS = 1500;

/**
 * With JavaScript, an online order's payment starts by itself, once: the same form as the button, sent to
 * the order page's action, which sends the browser to the payment page. A reload or «Назад» from the
 * payment page stays here with the button.
 */
function AutoPay({ access }: { access: OrderAccess }) {
  const submit = useSubmit();
  const [starting, setStarting] = useState(false);
  useEffect(() => {
    if (doneInTab(PAYMENT_STARTED).has(access.number)) return;
    setStarting(true);
    // Remembered when it goes, not before: a development double render must not use up the one start.
    const timer = setTimeout(() => {
      rememberInTab(PAYMENT_STARTED, access.number);
      void submit({ intent: 'pay' }, { method: 'post', action: orderPagePath(access) });
    }, AUTO_PAY_DELAY_MS);
    return () => clearTimeout(timer);
  }, [access, submit]);
  return starting ? (
    <p className="checkout-done__paying" role="status">
      Переходим к оплате…
    </p>
  ) : null;
}

export default function CheckoutSuccess({ loaderData }: Route.ComponentProps) {
  const { number, key, paymentKind, canPay, email, total, items, hasInvoice } = loaderData;
  const payNow = paymentKind === 'online' && canPay;
  const access = useMemo<OrderAccess>(() => ({ number, key }), [number, key]);
  useEffect(() => {
    trackPurchaseOnce({ orderId: number, revenue: total ?? undefined, items });
  }, [number, total, items]);
  return (
    <div className="checkout-done">
      <div className="checkout-done__mark" aria-hidden="true">
        ✓
      </div>
      <h1 className="checkout-done__title">Заказ № {number} оформлен</h1>
      {total !== null && <p className="checkout-done__total">На сумму {formatMoney(total)}</p>}
      <h2 className="checkout-done__subtitle">Что дальше</h2>
      <ol className="checkout-done__steps">
        <li>Менеджер проверит наличие и свяжется с вами, чтобы подтвердить заказ.</li>
        <li>
          {email ? (
            <>
              Письмо с заказом отправили на <strong>{email}</strong>.
            </>
          ) : (
            'Письмо с заказом отправили на ваш e-mail.'
          )}
          {key && ' В нём же ссылка на страницу заказа.'}
        </li>
        <li>{nextStepsText(paymentKind, hasInvoice)}</li>
      </ol>
      {payNow && <AutoPay access={access} />}
      <div className="checkout-done__actions">
        {payNow && <PayForm access={access} label="Перейти к оплате" />}
        {hasInvoice && (
          <a href={invoicePath(access)} className="button button--primary">
            Скачать счёт (PDF)
          </a>
        )}
        <Link
          to={placedOrderPath(number, key)}
          className={`button ${payNow || hasInvoice ? 'button--quiet' : 'button--primary'}`}
        >
          Посмотреть заказ
        </Link>
        <Link to="/catalog" className="button button--quiet">
          Продолжить покупки
        </Link>
      </div>
    </div>
  );
}
