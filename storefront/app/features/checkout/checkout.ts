// The checkout's (/cart/order) words and rules that need no server: what the customer types, which address
// fields a delivery kind asks for, the checks a customer can fix before the order is sent, the body of the
// order and where the placed order leads. The server repeats every check (POST /api/orders); these only say
// it all at once. How the form is read and kept on the page: checkout-form.ts.
import type { CartState, OrderPlaceRequest, OrderPlaced, PickupPoint } from '@shop/schemas';
import { phoneFromMasked } from '../../ui/MaskedInput';
import { formatMoney, plural } from '../../lib/format';

export const CHECKOUT_SUCCESS_PATH = '/cart/order/success';
export const CONSENT_PATH = '/company/consent';

export type DeliveryOption = CartState['delivery']['options'][number];
export type DeliveryKind = DeliveryOption['kind'];
export type PaymentOption = CartState['payments'][number];
export type PaymentKind = PaymentOption['kind'];
export type PaymentOutOfReach = CartState['paymentsOutOfReach'][number];

export type AddressField =
  | 'deliveryCity'
  | 'deliveryPostalCode'
  | 'deliveryAddress'
  | 'deliveryPickupPoint'
  | 'deliveryDate'
  | 'deliveryTimeSlot';

/**
 * What a delivery kind needs, in the order the fields are shown (the server's rule). The city is asked once,
 * above the services (their prices depend on it); the courier's day and time only when it offers them.
 */
export const ADDRESS_FIELDS: Record<DeliveryKind, readonly AddressField[]> = {
  courier: ['deliveryCity', 'deliveryAddress', 'deliveryDate', 'deliveryTimeSlot'],
  post: ['deliveryCity', 'deliveryPostalCode', 'deliveryAddress'],
  pickup_point: ['deliveryCity', 'deliveryPickupPoint'],
  self_pickup: [],
};

/** The chosen service's pickup points in the cart's city (the checkout's loader reads them). */
export interface CheckoutPoints {
  serviceId: number;
  points: PickupPoint[];
  /** The carrier could not list them now: the customer types the point's address. */
  unavailable: boolean;
}

/** What the customer types; kept as typed (the phone with its mask) so a refused form shows it again. */
export interface CheckoutValues {
  customerName: string;
  customerPhone: string;
  customerEmail: string;
  deliveryCity: string;
  deliveryPostalCode: string;
  deliveryAddress: string;
  deliveryPickupPoint: string;
  /** The courier's day (YYYY-MM-DD) and time slot, when the service offers them. */
  deliveryDate: string;
  deliveryTimeSlot: string;
  comment: string;
  asOrganization: boolean;
  consent: boolean;
}

export type CheckoutErrors = Partial<Record<keyof OrderPlaceRequest, string>>;

export const EMPTY_CHECKOUT: CheckoutValues = {
  customerName: '',
  customerPhone: '',
  customerEmail: '',
  deliveryCity: '',
  deliveryPostalCode: '',
  deliveryAddress: '',
  deliveryPickupPoint: '',
  deliveryDate: '',
  deliveryTimeSlot: '',
  comment: '',
  asOrganization: false,
  consent: false,
};

const DAYS = ['день', 'дня', 'дней'] as const;
/** After "от" and "до": "от 1 дня", "до 21 дня", "до 3 дней". */
const DAYS_AFTER = ['дня', 'дней', 'дней'] as const;

/**
 * Delivery terms as people say them: "1–2 дня", "5–14 дней", "1 день", "в день заказа",
 * "в день заказа или на следующий день", "до 3 дней", "от 2 дней".
 */
export function deliveryTerms(minDays: number | null, maxDays: number | null): string | null {
  if (minDays === null && maxDays === null) return null;
  if (maxDays === null)
    return minDays === 0 ? 'в день заказа' : `от ${minDays} ${plural(minDays!, DAYS_AFTER)}`;
  if (maxDays === 0) return 'в день заказа';
  if (minDays === maxDays) return `${maxDays} ${plural(maxDays, DAYS)}`;
  if (minDays === 0 && maxDays === 1) return 'в день заказа или на следующий день';
  if (minDays === null || minDays === 0) return `до ${maxDays} ${plural(maxDays, DAYS_AFTER)}`;
  return `${minDays}–${maxDays} ${plural(maxDays, DAYS)}`;
}

/** A delivery's price for the customer: "350 ₽" or "Бесплатно". */
export function deliveryPriceText(option: Pick<DeliveryOption, 'cost'>): string {
  return option.cost > 0 ? formatMoney(option.cost) : 'Бесплатно';
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Everything the customer can fix before the order is sent, keyed by the API's field names so the
 * server's own messages land in the same places.
 */
export function checkoutProblems(
  values: CheckoutValues,
  delivery:
    (Pick<DeliveryOption, 'kind'> & Partial<Pick<DeliveryOption, 'courierDays' | 'timeSlots'>>) | undefined,
  payment: Pick<PaymentOption, 'kind'> | undefined,
): CheckoutErrors {
  const errors: CheckoutErrors = {};
  if (values.customerName.trim().length < 2) errors.customerName = 'Введите имя и фамилию получателя';
  if (!phoneFromMasked(values.customerPhone))
    errors.customerPhone = 'Введите номер телефона полностью: +7 (000) 000-00-00';
  if (!EMAIL.test(values.customerEmail.trim()))
    errors.customerEmail = 'Введите e-mail, например anna@mail.ru: на него придёт письмо с заказом';
  if (!delivery) errors.deliveryServiceId = 'Выберите способ доставки';
  else {
    const needs = ADDRESS_FIELDS[delivery.kind];
    if (needs.includes('deliveryCity') && !values.deliveryCity.trim()) errors.deliveryCity = 'Укажите город';
    if (needs.includes('deliveryPostalCode') && !/^\d{6}$/.test(values.deliveryPostalCode.trim()))
      errors.deliveryPostalCode = 'Индекс — шесть цифр, например 101000';
    if (needs.includes('deliveryAddress') && !values.deliveryAddress.trim())
      errors.deliveryAddress = 'Укажите улицу, дом и квартиру';
    if (needs.includes('deliveryPickupPoint') && !values.deliveryPickupPoint.trim())
      errors.deliveryPickupPoint = 'Выберите пункт выдачи';
    if (delivery.courierDays?.length && !values.deliveryDate) errors.deliveryDate = 'Выберите день доставки';
    if (delivery.timeSlots?.length && !values.deliveryTimeSlot)
      errors.deliveryTimeSlot = 'Выберите время доставки';
  }
  if (!payment) errors.paymentServiceId = 'Выберите способ оплаты';
  if (!values.consent)
    errors.consent = 'Чтобы оформить заказ, подтвердите согласие на обработку персональных данных';
  return errors;
}

export interface OrderChoice {
  delivery: Pick<DeliveryOption, 'id' | 'kind'>;
  payment: Pick<PaymentOption, 'id' | 'kind'>;
  /** The customer's organisation, when they buy as it (an invoice always goes to one). */
  organizationId: number | null;
  /** The total the customer saw on the page, kopecks. */
  expectedTotal: number | undefined;
}

/** The body of POST /api/orders: only the address fields the delivery kind asks for. */
export function orderRequest(values: CheckoutValues, choice: OrderChoice): OrderPlaceRequest {
  const needs = ADDRESS_FIELDS[choice.delivery.kind];
  const body: OrderPlaceRequest = {
    customerName: values.customerName.trim(),
    customerPhone: phoneFromMasked(values.customerPhone) ?? values.customerPhone.trim(),
    customerEmail: values.customerEmail.trim(),
    deliveryServiceId: choice.delivery.id,
    paymentServiceId: choice.payment.id,
    consent: true,
  };
  for (const field of needs) {
    const value = values[field].trim();
    // The courier's day and time are sent only when chosen (a service without them offers none).
    if (value || (field !== 'deliveryDate' && field !== 'deliveryTimeSlot')) body[field] = value;
  }
  const comment = values.comment.trim();
  if (comment) body.comment = comment;
  if (choice.organizationId && (values.asOrganization || choice.payment.kind === 'invoice'))
    body.organizationId = choice.organizationId;
  if (choice.expectedTotal !== undefined) body.expectedTotal = choice.expectedTotal;
  return body;
}

/**
 * The success page's address: the number, the payment kind (what happens next), and the guest's key (the
 * API answers a guest's order link with it; a signed-in customer's order needs none).
 */
export function checkoutSuccessPath(
  placed: Pick<OrderPlaced, 'number' | 'paymentKind' | 'orderUrl' | 'accessKey'>,
) {
  const params = new URLSearchParams({ number: placed.number, payment: placed.paymentKind });
  if (!placed.orderUrl.startsWith('/profile/')) params.set('key', placed.accessKey);
  return `${CHECKOUT_SUCCESS_PATH}?${params.toString()}`;
}

const PAYMENT_KINDS: readonly PaymentKind[] = ['online', 'on_delivery', 'invoice'];

/** The payment kind from the success page's address, or null for anything else. */
export function paymentKindOf(value: string | null): PaymentKind | null {
  return PAYMENT_KINDS.find((k) => k === value) ?? null;
}

/** What happens after the order, by the way it is paid. */
export function nextStepsText(kind: PaymentKind | null, hasInvoice = false): string {
  if (kind === 'invoice')
    return hasInvoice
      ? 'Счёт на оплату уже готов: скачайте его ниже или со страницы заказа. Заказ отправим, когда деньги поступят на счёт.'
      : 'Счёт на оплату появится на странице заказа, как только менеджер подтвердит заказ.';
  if (kind === 'online')
    return 'Оплатите заказ на защищённой странице банка. Если не получится сейчас, оплатить можно со страницы заказа.';
  return 'Оплата — при получении заказа: наличными или картой.';
}

/** The organisation's id for `organizationId` (GET /api/profile/company answers it), or null. */
export function companyId(company: { id?: number } | null): number | null {
  const id = company?.id;
  return typeof id === 'number' && Number.isInteger(id) && id > 0 ? id : null;
}
