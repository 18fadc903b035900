// The checkout's server work (features/checkout/checkout-page.tsx): the cart priced with the chosen services, the answer
// to «Пересчитать» without JavaScript, and placing the order, whose refusals come back as the form again.
import { apiErrorMessage, apiErrorStatus, apiFieldErrors, type ApiClient } from '@shop/client';
import type { CartState, OrderPlaced } from '@shop/schemas';
import { data, redirect, type AppLoadContext } from 'react-router';
import { serverApi } from '../../lib/api.server';
import { isSecureRequest, sessionOf } from '../../lib/auth.server';
import { CART_PATH } from '../cart';
import { cartCountCookie, cartHeaders } from '../cart/index.server';
import {
  checkoutProblems,
  checkoutSuccessPath,
  companyId,
  orderRequest,
  type CheckoutPoints,
  type CheckoutErrors,
} from './checkout';
import {
  readCheckoutForm,
  type CheckoutFailure,
  type CheckoutRecount,
  type CheckoutSubmission,
} from './checkout-form';

/**
 * The cart priced with the chosen services. A service left unchosen while it is the only one there is (a
 * single delivery, a single payment it allows) is chosen for the customer: one tap fewer, and the total
 * shown is the one the order will have.
 */
export async function priceCheckout(
  api: ApiClient,
  deliveryServiceId: number | undefined,
  paymentServiceId: number | undefined,
): Promise<CartState> {
  // The carriers' prices and dates for the cart's city (cached by the API, time-boxed when not).
  const withCarriers = true;
  const cart = await api.cart.get({ deliveryServiceId, paymentServiceId, withCarriers });
  const onlyDelivery = cart.delivery.options.length === 1 ? cart.delivery.options[0]!.id : null;
  const onlyPayment = cart.payments.length === 1 ? cart.payments[0]!.id : null;
  const delivery = cart.delivery.selectedId ?? onlyDelivery;
  const payment = cart.paymentSelectedId ?? onlyPayment;
  if (delivery === cart.delivery.selectedId && payment === cart.paymentSelectedId) return cart;
  return api.cart.get({
    deliveryServiceId: delivery ?? undefined,
    paymentServiceId: payment ?? undefined,
    withCarriers,
  });
}

/** The pickup points of the chosen service in the cart's city, for its list (which posts without JavaScript). */
export async function checkoutPoints(api: ApiClient, cart: CartState): Promise<CheckoutPoints | null> {
  const option = cart.delivery.options.find((o) => o.id === cart.delivery.selectedId);
  const city = cart.delivery.destination;
  if (option?.kind !== 'pickup_point' || !option.carrier || !city) return null;
  const answer = await api.delivery
    .points(option.id, { city: city.city, ...(city.postalCode ? { postalCode: city.postalCode } : {}) })
    .catch(() => ({ points: [], unavailable: true }));
  return { serviceId: option.id, ...answer };
}

/**
 * The city typed in a form posted without JavaScript (and its index, for the post): the cart is priced for
 * it from now on, as when it is chosen among the suggestions.
 */
async function keepTypedCity(api: ApiClient, cart: CartState, values: CheckoutSubmission['values']) {
  const city = values.deliveryCity.trim();
  const postalCode = /^\d{6}$/.test(values.deliveryPostalCode.trim())
    ? values.deliveryPostalCode.trim()
    : null;
  const kept = cart.delivery.destination;
  if (
    !city ||
    (kept &&
      kept.city.toLowerCase() === city.toLowerCase() &&
      (!postalCode || kept.postalCode === postalCode))
  )
    return false;
  await api.cart.setDestination({ city, postalCode });
  return true;
}

/** The checkout form's press: «Пересчитать» answers the priced cart, «Подтвердить заказ» places the order. */
export async function answerCheckout(context: AppLoadContext, request: Request) {
  const submission = readCheckoutForm(await request.formData());
  const api = serverApi(context);
  return submission.recount
    ? recount(api, submission, context, request)
    : placeOrder(api, submission, context, request);
}

/** The customer's own refusals are an ordinary answer, after which the page reads the cart again. */
function refuse(
  submission: CheckoutSubmission,
  message: string,
  errors: CheckoutErrors,
  status = 200,
  cartProblem = false,
) {
  return data<CheckoutFailure>(
    { result: 'refused', message, errors, values: submission.values, cartProblem },
    { status },
  );
}

/**
 * «Пересчитать» without JavaScript: the form was posted, so what was typed comes back in the answer (not
 * through the address), with the cart priced as the loader prices it for the chosen services.
 */
async function recount(
  api: ApiClient,
  submission: CheckoutSubmission,
  context: AppLoadContext,
  request: Request,
) {
  let cart: CartState;
  let points: CheckoutPoints | null;
  try {
    cart = await priceCheckout(api, submission.deliveryServiceId, submission.paymentServiceId);
    if (await keepTypedCity(api, cart, submission.values))
      cart = await priceCheckout(api, submission.deliveryServiceId, submission.paymentServiceId);
    points = await checkoutPoints(api, cart);
  } catch (error) {
    console.error('checkout cart unavailable:', error instanceof Error ? error.message : error);
    return refuse(submission, apiErrorMessage(error), {}, 502);
  }
  const headers = cartHeaders(cart, context, request);
  if (cart.items.length === 0) throw redirect(CART_PATH, { headers });
  const { values, idempotencyKey } = submission;
  return data<CheckoutRecount>({ result: 'recounted', cart, points, values, idempotencyKey }, { headers });
}

/** Places the order; on success the success page, else the form again with the messages by its fields. */
async function placeOrder(
  api: ApiClient,
  submission: CheckoutSubmission,
  context: AppLoadContext,
  request: Request,
) {
  const { values, idempotencyKey } = submission;
  const fail = (message: string, errors: CheckoutErrors, status?: number, cartProblem?: boolean) =>
    refuse(submission, message, errors, status, cartProblem);

  let cart: CartState;
  try {
    cart = await api.cart.get({
      deliveryServiceId: submission.deliveryServiceId,
      paymentServiceId: submission.paymentServiceId,
      withCarriers: true,
    });
  } catch (error) {
    return fail(apiErrorMessage(error), {}, 502);
  }
  if (cart.items.length === 0) return placedAgain(api, submission, cart, request);
  const delivery = cart.delivery.options.find((o) => o.id === cart.delivery.selectedId);
  const payment = cart.payments.find((p) => p.id === cart.paymentSelectedId);
  const errors = checkoutProblems(values, delivery, payment);
  if (!delivery || !payment || Object.keys(errors).length)
    return fail('Проверьте отмеченные поля: без них заказ не оформить.', errors);

  const asOrganization = values.asOrganization || payment.kind === 'invoice';
  const { user } = await sessionOf(context);
  const company = asOrganization && user ? await api.profile.company().catch(() => null) : null;
  const body = orderRequest(values, {
    delivery,
    payment,
    organizationId: companyId(company),
    expectedTotal: submission.expectedTotal,
  });
  let placed: OrderPlaced;
  try {
    placed = await api.orders.place(body, idempotencyKey ? { 'idempotency-key': idempotencyKey } : {});
  } catch (error) {
    const status = apiErrorStatus(error);
    if (status === 400) return fail(apiErrorMessage(error), apiFieldErrors(error));
    if (status === 409) return fail(apiErrorMessage(error), {}, 200, true);
    console.error('order not placed:', error instanceof Error ? error.message : error);
    return fail(apiErrorMessage(error), {}, 502);
  }
  return toSuccess(placed, request);
}

/** The success page; the cart is empty now, and the header's count says so at once. */
function toSuccess(placed: OrderPlaced, request: Request): never {
  const headers = new Headers({ 'Set-Cookie': cartCountCookie(0, isSecureRequest(request)) });
  throw redirect(checkoutSuccessPath(placed), { headers });
}

/**
 * An empty cart at the press of the button: most likely the second press of a form whose first press
 * placed the order. The same Idempotency-Key answers that order, so the customer lands on its success page
 * instead of an empty cart; anything else goes to the cart.
 */
async function placedAgain(
  api: ApiClient,
  { values, idempotencyKey, deliveryServiceId, paymentServiceId }: CheckoutSubmission,
  cart: CartState,
  request: Request,
): Promise<never> {
  if (idempotencyKey && deliveryServiceId && paymentServiceId && values.consent) {
    const kind = cart.delivery.options.find((o) => o.id === deliveryServiceId)?.kind ?? 'self_pickup';
    let placed: OrderPlaced | null = null;
    try {
      placed = await api.orders.place(
        orderRequest(values, {
          delivery: { id: deliveryServiceId, kind },
          payment: { id: paymentServiceId, kind: 'on_delivery' },
          organizationId: null,
          expectedTotal: undefined,
        }),
        { 'idempotency-key': idempotencyKey },
      );
    } catch {
      // Not a repeat: the cart really is empty.
    }
    if (placed) toSuccess(placed, request);
  }
  throw redirect(CART_PATH);
}
