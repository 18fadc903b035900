// The checkout's form (/cart/order): what it sends, what the route's action answers it, and the state the
// page keeps while the customer fills it in. Without JavaScript it is an ordinary form post: «Подтвердить
// заказ» places the order, and «Пересчитать» (intent=recount) prices the cart with the chosen services and
// gives back what was typed, so a name, a phone or an address never goes into the page's address. With
// JavaScript a chosen service re-prices the cart at once through `?delivery=&payment=`, ids only.
import type { CartState } from '@shop/schemas';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { CHECKOUT_PATH } from '../cart';
import type { CheckoutErrors, CheckoutPoints, CheckoutValues } from './checkout';

/** The fields typed as text; the others are checkboxes. */
type TextField = Exclude<keyof CheckoutValues, 'asOrganization' | 'consent'>;

/** The limits of schemas/api/order-place-request: longer text is cut, not refused. */
const MAX_LENGTH: Record<TextField, number> = {
  customerName: 200,
  customerPhone: 25,
  customerEmail: 255,
  deliveryCity: 100,
  deliveryPostalCode: 6,
  deliveryAddress: 1000,
  deliveryPickupPoint: 100,
  deliveryDate: 10,
  deliveryTimeSlot: 30,
  comment: 2000,
};

/** The form's fields from its POST body; an unticked checkbox sends nothing, which is its "no". */
export function checkoutValuesFrom(form: FormData): CheckoutValues {
  const text = (field: TextField) => {
    const raw = form.get(field);
    return typeof raw === 'string' ? raw.slice(0, MAX_LENGTH[field]) : '';
  };
  return {
    customerName: text('customerName'),
    customerPhone: text('customerPhone'),
    customerEmail: text('customerEmail'),
    deliveryCity: text('deliveryCity'),
    deliveryPostalCode: text('deliveryPostalCode'),
    deliveryAddress: text('deliveryAddress'),
    deliveryPickupPoint: text('deliveryPickupPoint'),
    deliveryDate: text('deliveryDate'),
    deliveryTimeSlot: text('deliveryTimeSlot'),
    comment: text('comment'),
    asOrganization: form.get('asOrganization') === '1',
    consent: form.get('consent') === '1',
  };
}

/** A service's id from a form field or the address: a whole positive number, else undefined. */
export function serviceId(value: FormDataEntryValue | null | undefined): number | undefined {
  if (typeof value !== 'string' || !/^\d{1,9}$/.test(value.trim())) return undefined;
  const n = Number(value.trim());
  return n > 0 ? n : undefined;
}

/** `?delivery=1&payment=3`: the checkout's address with the services it is priced with. */
export function checkoutSearch(
  delivery: number | null | undefined,
  payment: number | null | undefined,
): string {
  const params = new URLSearchParams();
  if (delivery) params.set('delivery', String(delivery));
  if (payment) params.set('payment', String(payment));
  const search = params.toString();
  return search ? `?${search}` : '';
}

/** One press of the checkout form's buttons, as the action reads it. */
export interface CheckoutSubmission {
  /** «Пересчитать» without JavaScript: price the cart with the chosen services; nothing is placed. */
  recount: boolean;
  values: CheckoutValues;
  deliveryServiceId: number | undefined;
  paymentServiceId: number | undefined;
  /** The rendered form's key: a second press of the same form places no second order. */
  idempotencyKey: string | undefined;
  /** The total the customer saw on the page, kopecks. */
  expectedTotal: number | undefined;
}

export function readCheckoutForm(form: FormData): CheckoutSubmission {
  const key = form.get('idempotencyKey');
  const total = form.get('expectedTotal');
  const expected = typeof total === 'string' && /^\d{1,12}$/.test(total.trim()) ? Number(total) : undefined;
  return {
    recount: form.get('intent') === 'recount',
    values: checkoutValuesFrom(form),
    deliveryServiceId: serviceId(form.get('delivery')),
    paymentServiceId: serviceId(form.get('payment')),
    idempotencyKey: typeof key === 'string' && key ? key.slice(0, 100) : undefined,
    expectedTotal: expected,
  };
}

/** The action's answer to a refused order: the form again, with the messages by its fields. */
export interface CheckoutFailure {
  result: 'refused';
  message: string;
  errors: CheckoutErrors;
  values: CheckoutValues;
  /** 409: the cart itself keeps the order back (stock, a promo code, a changed total): see the cart. */
  cartProblem: boolean;
}

/** The action's answer to «Пересчитать»: the cart priced with the chosen services, and what was typed. */
export interface CheckoutRecount {
  result: 'recounted';
  cart: CartState;
  /** The chosen service's pickup points in the city, when it has them. */
  points: CheckoutPoints | null;
  values: CheckoutValues;
  /** The recounted form is the same form: its key stays, so its order is still placed only once. */
  idempotencyKey: string | undefined;
}

export type CheckoutFieldSetter = <K extends keyof CheckoutValues>(
  field: K,
) => (value: CheckoutValues[K]) => void;

/**
 * The form's state: what is typed, the messages by the fields (a refused order's, cleared as each field is
 * changed) and the chosen services, which re-price the cart through the address.
 */
export function useCheckoutForm(
  cart: CartState,
  initial: CheckoutValues,
  failure: CheckoutFailure | undefined,
) {
  const navigate = useNavigate();
  const [values, setValues] = useState<CheckoutValues>(initial);
  const [errors, setErrors] = useState<CheckoutErrors>(() => failure?.errors ?? {});
  const [deliveryId, setDeliveryId] = useState(cart.delivery.selectedId);
  const [paymentId, setPaymentId] = useState(cart.paymentSelectedId);

  // The newly priced cart decides: a payment the new delivery does not allow is no longer chosen.
  useEffect(() => {
    setDeliveryId(cart.delivery.selectedId);
    setPaymentId(cart.paymentSelectedId);
  }, [cart]);
  // A refused order: its messages replace the old ones.
  useEffect(() => {
    if (failure) setErrors(failure.errors);
  }, [failure]);

  const reprice = (delivery: number | null, payment: number | null) =>
    navigate(
      { pathname: CHECKOUT_PATH, search: checkoutSearch(delivery, payment) },
      { replace: true, preventScrollReset: true },
    );
  const clear = (field: keyof CheckoutErrors) =>
    setErrors((e) => {
      if (!e[field]) return e;
      const next = { ...e };
      delete next[field];
      return next;
    });
  const set: CheckoutFieldSetter = (field) => (value) => {
    setValues((v) => ({ ...v, [field]: value }));
    clear(field as keyof CheckoutErrors);
  };
  const chooseDelivery = (id: number) => {
    setDeliveryId(id);
    clear('deliveryServiceId');
    void reprice(id, paymentId);
  };
  const choosePayment = (id: number) => {
    setPaymentId(id);
    clear('paymentServiceId');
    void reprice(deliveryId, id);
  };
  return { values, errors, deliveryId, paymentId, set, clear, chooseDelivery, choosePayment };
}
