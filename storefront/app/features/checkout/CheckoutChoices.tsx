import type { ReactNode } from 'react';
import {
  deliveryPriceText,
  deliveryTerms,
  type DeliveryOption,
  type PaymentOption,
  type PaymentOutOfReach,
} from './checkout';
import { formatMoney } from '../../lib/format';

// The checkout's radio cards: delivery services with price and terms, and the payment services the chosen
// delivery allows. They are plain radios in the form (the order is placed without JavaScript too); the
// route re-prices the cart when one is chosen.

interface ChoiceSectionProps {
  id: string;
  title: string;
  error?: string;
  children: ReactNode;
}

/** A group of radio cards with its legend and its message, read together by screen readers. */
function ChoiceSection({ id, title, error, children }: ChoiceSectionProps) {
  return (
    <fieldset
      className="checkout-section"
      id={id}
      aria-describedby={error ? `${id}-error` : undefined}
      aria-invalid={error ? true : undefined}
      tabIndex={-1}
    >
      <legend className="checkout-section__title">{title}</legend>
      {error && (
        <p id={`${id}-error`} className="checkout-section__error">
          {error}
        </p>
      )}
      <div className="choice-list">{children}</div>
    </fieldset>
  );
}

/** "До бесплатной доставки осталось 1 200 ₽", as the API says it or from its amount. */
export function freeDeliveryText(option: Pick<DeliveryOption, 'message' | 'leftForFree'>): string | null {
  if (option.message) return option.message;
  if (option.leftForFree && option.leftForFree > 0)
    return `До бесплатной доставки осталось ${formatMoney(option.leftForFree)}`;
  return null;
}

interface DeliveryChoiceProps {
  options: readonly DeliveryOption[];
  selectedId: number | null;
  error?: string;
  onChoose: (id: number) => void;
}

export function DeliveryChoice({ options, selectedId, error, onChoose }: DeliveryChoiceProps) {
  return (
    <ChoiceSection id="deliveryServiceId" title="Доставка" error={error}>
      {options.map((option) => {
        const terms = deliveryTerms(option.minDays, option.maxDays);
        const free = freeDeliveryText(option);
        return (
          <label key={option.id} className="choice">
            <input
              type="radio"
              name="delivery"
              value={option.id}
              className="choice__input"
              checked={selectedId === option.id}
              onChange={() => onChoose(option.id)}
            />
            <span className="choice__body">
              <span className="choice__head">
                <span className="choice__title">{option.title}</span>
                <span className={option.cost > 0 ? 'choice__price' : 'choice__price choice__price--free'}>
                  {option.cost === 0 && option.price > 0 && (
                    <s className="choice__old-price">{formatMoney(option.price)}</s>
                  )}
                  {deliveryPriceText(option)}
                </span>
              </span>
              {option.dates ? (
                <span className="choice__terms">{option.dates.text}</span>
              ) : (
                terms && <span className="choice__terms">Срок: {terms}</span>
              )}
              {option.note && <span className="choice__note">{option.note}</span>}
              {option.description && <span className="choice__text">{option.description}</span>}
              {free && <span className="choice__hint">{free}</span>}
            </span>
          </label>
        );
      })}
    </ChoiceSection>
  );
}

interface PaymentChoiceProps {
  payments: readonly PaymentOption[];
  /** What the order's total keeps out, greyed with its reason («Для заказов от 10 000 ₽: …»). */
  outOfReach: readonly PaymentOutOfReach[];
  selectedId: number | null;
  /** Whether an invoice can be made out: the customer is signed in and has an organisation in the profile. */
  canInvoice: boolean;
  error?: string;
  onChoose: (id: number) => void;
}

export function PaymentChoice({
  payments,
  outOfReach,
  selectedId,
  canInvoice,
  error,
  onChoose,
}: PaymentChoiceProps) {
  return (
    <ChoiceSection id="paymentServiceId" title="Оплата" error={error}>
      {payments.length === 0 && (
        <p className="choice-list__empty">Выберите доставку — покажем способы оплаты для неё.</p>
      )}
      {payments.map((payment) => {
        const unavailable = payment.kind === 'invoice' && !canInvoice;
        return (
          <label key={payment.id} className="choice">
            <input
              type="radio"
              name="payment"
              value={payment.id}
              className="choice__input"
              checked={selectedId === payment.id}
              disabled={unavailable}
              onChange={() => onChoose(payment.id)}
            />
            <span className="choice__body">
              <span className="choice__title">{payment.title}</span>
              {payment.description && <span className="choice__text">{payment.description}</span>}
              {unavailable && (
                <span className="choice__hint">
                  Счёт выставляем организациям: войдите и заполните реквизиты в профиле.
                </span>
              )}
            </span>
          </label>
        );
      })}
      {payments.length > 0 &&
        outOfReach.map((payment) => (
          <label key={payment.id} className="choice">
            <input type="radio" name="payment" value={payment.id} className="choice__input" disabled />
            <span className="choice__body">
              <span className="choice__title">{payment.title}</span>
              <span className="choice__hint">{payment.reason}</span>
            </span>
          </label>
        ))}
    </ChoiceSection>
  );
}
