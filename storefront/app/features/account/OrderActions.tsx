import type { ProfileOrder } from '@shop/schemas';
import { useEffect, useState } from 'react';
import { Form, Link, useNavigation, useRevalidator } from 'react-router';
import { formatDateTime } from '../../lib/format';
import { useHydrated } from '../../lib/hydrated';
import {
  invoicePath,
  orderPagePath,
  PAYMENT_POLL_MS,
  PAYMENT_POLL_TIMES,
  paymentReturnPath,
  type OrderAccess,
  type OrderActionResult,
  type OrderIntent,
  type PaymentOutcome,
} from './orders';
import { FormField } from '../../ui/FormField';

// What a customer does with an order, on its page (the account's and a guest's private link alike): pay it,
// download its invoice, put its goods in the cart again, cancel it while it is new. Every action is an
// ordinary form posted to the order page's action, so it works without JavaScript; a refusal comes back
// with the server's Russian message next to its button.

/** The intent of the form being sent right now, if any (its button shows it is busy). */
function useSending(): OrderIntent | null {
  const navigation = useNavigation();
  const intent = navigation.state === 'idle' ? null : navigation.formData?.get('intent');
  return intent === 'pay' || intent === 'cancel' || intent === 'repeat' ? intent : null;
}

const failureOf = (result: OrderActionResult | undefined, intent: OrderIntent) =>
  result && !result.ok && result.intent === intent ? result.message : null;

function Failure({ message }: { message: string | null }) {
  return message ? (
    <p className="order-actions__error" role="alert">
      {message}
    </p>
  ) : null;
}

interface PayFormProps {
  access: OrderAccess;
  label?: string;
  failure?: string | null;
}

/**
 * «Оплатить»: the order page's action starts (or resumes) the payment and sends the browser to the
 * provider's page. The checkout's success page posts the same form to the order's page.
 */
export function PayForm({ access, label = 'Оплатить', failure = null }: PayFormProps) {
  const busy = useSending() === 'pay';
  return (
    <Form method="post" action={orderPagePath(access)} className="order-actions__form">
      <input type="hidden" name="intent" value="pay" />
      <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy}>
        {busy ? 'Переходим к оплате…' : label}
      </button>
      <Failure message={failure} />
    </Form>
  );
}

interface OrderActionsProps {
  order: ProfileOrder;
  access: OrderAccess;
  result: OrderActionResult | undefined;
  /** Back from the payment page: its banner says what to do about the payment, so the row does not. */
  paymentReturn: PaymentOutcome | null;
}

/** The order's buttons: «Оплатить», «Скачать счёт (PDF)», «Повторить заказ», «Отменить заказ». */
export function OrderActions({ order, access, result, paymentReturn }: OrderActionsProps) {
  const sending = useSending();
  const canceled = result?.intent === 'cancel' && result.ok;
  return (
    <div className="order-actions">
      {canceled && (
        <p className="order-actions__done" role="status">
          {result.message}
        </p>
      )}
      {order.paymentPending && !paymentReturn && (
        <p className="order-actions__note">
          Оплата начата и ещё не подтверждена банком.{' '}
          <Link to={paymentReturnPath(access)}>Проверить оплату</Link>
        </p>
      )}
      <div className="order-actions__row">
        {order.canPay && !paymentReturn && <PayForm access={access} failure={failureOf(result, 'pay')} />}
        {order.hasInvoice && (
          <a href={invoicePath(access)} className="button button--quiet">
            Скачать счёт (PDF)
          </a>
        )}
        <Form method="post" action={orderPagePath(access)} className="order-actions__form">
          <input type="hidden" name="intent" value="repeat" />
          <button
            type="submit"
            className="button button--quiet"
            disabled={sending === 'repeat'}
            aria-busy={sending === 'repeat'}
          >
            {sending === 'repeat' ? 'Добавляем в корзину…' : 'Повторить заказ'}
          </button>
          <Failure message={failureOf(result, 'repeat')} />
        </Form>
        {order.canCancel && (
          <CancelOrder access={access} failure={failureOf(result, 'cancel')} busy={sending === 'cancel'} />
        )}
      </div>
    </div>
  );
}

/**
 * «Отменить заказ» asks first: the button opens the question with an optional reason (a disclosure, so it
 * opens without JavaScript too); only «Да, отменить заказ» sends it.
 */
function CancelOrder({
  access,
  failure,
  busy,
}: {
  access: OrderAccess;
  failure: string | null;
  busy: boolean;
}) {
  return (
    <details className="order-cancel" open={failure ? true : undefined}>
      <summary className="button button--quiet order-cancel__toggle">Отменить заказ</summary>
      <Form method="post" action={orderPagePath(access)} className="order-cancel__form">
        <input type="hidden" name="intent" value="cancel" />
        <p className="order-cancel__question">
          Отменить заказ № {access.number}? Вернуть отменённый заказ нельзя — понадобится оформить новый.
        </p>
        <FormField id="cancel-reason" label="Причина отмены (необязательно)">
          {(control) => <textarea {...control} name="reason" rows={2} maxLength={500} />}
        </FormField>
        <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy}>
          {busy ? 'Отменяем…' : 'Да, отменить заказ'}
        </button>
        <Failure message={failure} />
      </Form>
    </details>
  );
}

interface PaymentReturnProps {
  outcome: PaymentOutcome;
  order: ProfileOrder;
  access: OrderAccess;
  result: OrderActionResult | undefined;
}

/**
 * Back from the payment page: paid, still waiting for the bank, or not paid. While the bank has not
 * answered, the page checks again every few seconds for about a minute (with JavaScript; without it,
 * «Обновить» checks once more).
 */
export function PaymentReturn({ outcome, order, access, result }: PaymentReturnProps) {
  const revalidator = useRevalidator();
  const hydrated = useHydrated();
  const [checks, setChecks] = useState(0);
  const waiting = outcome === 'pending';
  const polling = waiting && checks < PAYMENT_POLL_TIMES;
  useEffect(() => {
    if (!polling || revalidator.state !== 'idle') return;
    const timer = setTimeout(() => {
      setChecks((n) => n + 1);
      void revalidator.revalidate();
    }, PAYMENT_POLL_MS);
    return () => clearTimeout(timer);
  }, [polling, revalidator]);

  if (outcome === 'paid')
    return (
      <div className="order-banner order-banner--ok" role="status">
        <p className="order-banner__title">Оплата получена</p>
        <p>
          Спасибо! Заказ оплачен{order.paidAt ? ` ${formatDateTime(order.paidAt)}` : ''}. Чек придёт на
          e-mail.
        </p>
      </div>
    );
  if (waiting)
    return (
      <div className="order-banner order-banner--wait" role="status">
        <p className="order-banner__title">Ждём подтверждения оплаты от банка…</p>
        <p>
          {!polling
            ? 'Банк ещё не ответил. Когда оплата придёт, мы пришлём письмо. Если вы не завершили оплату, её можно начать снова.'
            : hydrated
              ? 'Обычно это занимает несколько секунд: страница обновится сама.'
              : 'Обычно это занимает несколько секунд: нажмите «Обновить», чтобы проверить.'}
        </p>
        <div className="order-banner__actions">
          <Link to={paymentReturnPath(access)} className="button button--quiet">
            Обновить
          </Link>
          {!polling && order.canPay && <PayForm access={access} failure={failureOf(result, 'pay')} />}
        </div>
      </div>
    );
  return (
    <div className="order-banner order-banner--error" role="alert">
      <p className="order-banner__title">Оплата не прошла</p>
      <p>Платёж отклонён или отменён. Попробуйте ещё раз — можно другой картой.</p>
      {order.canPay && (
        <PayForm access={access} label="Оплатить ещё раз" failure={failureOf(result, 'pay')} />
      )}
    </div>
  );
}
