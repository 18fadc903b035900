import { apiErrorMessage, apiErrorStatus, apiFieldErrors, type ApiClient } from '@shop/client';
import type { CartState, OrderPlaced, ProfileCompany } from '@shop/schemas';
import { useEffect, useRef, useState } from 'react';
import { Form, Link, data, redirect, useNavigate, useNavigation } from 'react-router';
import type { Route } from './+types/cart.order';
import { DeliveryChoice, PaymentChoice } from '../components/checkout/CheckoutChoices';
import { CheckoutSummary } from '../components/checkout/CheckoutSummary';
import { MaskedInput, PHONE_MASK, PHONE_PLACEHOLDER, phoneToMasked } from '../components/MaskedInput';
import { ProfileField } from '../components/profile/ProfileField';
import { LEGAL_FORMS } from '../components/profile/company-rules';
import { serverApi } from '../lib/api.server';
import { isSecureRequest, sessionOf } from '../lib/auth.server';
import { CART_PATH, CHECKOUT_PATH } from '../lib/cart';
import { cartCountCookie, cartHeaders } from '../lib/cart.server';
import {
  ADDRESS_FIELDS,
  CONSENT_PATH,
  EMPTY_CHECKOUT,
  checkoutProblems,
  checkoutSearch,
  checkoutSuccessPath,
  checkoutValuesFrom,
  companyId,
  orderRequest,
  serviceId,
  type AddressField,
  type CheckoutErrors,
  type CheckoutValues,
} from '../lib/checkout';
import { useHydrated } from '../lib/hydrated';
import { seoMeta } from '../lib/seo';
import '../components/cart/cart.css';
import '../components/profile/profile.css';
import '../components/checkout/checkout.css';

/**
 * The cart priced with the chosen services. A service left unchosen while it is the only one there is (a
 * single delivery, a single payment it allows) is chosen for the customer: one tap fewer, and the total
 * shown is the one the order will have.
 */
async function priceCheckout(
  api: ApiClient,
  deliveryServiceId: number | undefined,
  paymentServiceId: number | undefined,
): Promise<CartState> {
  const cart = await api.cart.get({ deliveryServiceId, paymentServiceId });
  const onlyDelivery = cart.delivery.options.length === 1 ? cart.delivery.options[0]!.id : null;
  const onlyPayment = cart.payments.length === 1 ? cart.payments[0]!.id : null;
  const delivery = cart.delivery.selectedId ?? onlyDelivery;
  const payment = cart.paymentSelectedId ?? onlyPayment;
  if (delivery === cart.delivery.selectedId && payment === cart.paymentSelectedId) return cart;
  return api.cart.get({ deliveryServiceId: delivery ?? undefined, paymentServiceId: payment ?? undefined });
}

/** The checkout: the cart priced with `?delivery=&payment=`, and the signed-in customer's contacts. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const api = serverApi(context);
  const [session, cart] = await Promise.all([
    sessionOf(context),
    priceCheckout(
      api,
      serviceId(url.searchParams.get('delivery')),
      serviceId(url.searchParams.get('payment')),
    ).catch((error: unknown) => {
      console.error('checkout cart unavailable:', error instanceof Error ? error.message : error);
      throw data(null, { status: 502 });
    }),
  ]);
  if (cart.items.length === 0) throw redirect(CART_PATH, { headers: cartHeaders(cart, context, request) });

  const signedIn = Boolean(session.user);
  const [profile, company] = signedIn
    ? await Promise.all([
        api.profile.get().catch(() => null),
        api.profile.company().catch(() => null as ProfileCompany | null),
      ])
    : [null, null];
  const fromProfile: CheckoutValues = {
    ...EMPTY_CHECKOUT,
    customerName: profile?.name ?? '',
    customerPhone: phoneToMasked(profile?.phone),
    customerEmail: profile?.email ?? '',
  };
  return data(
    {
      cart,
      // What was typed comes back through the address after "Пересчитать" without JavaScript.
      prefill: checkoutValuesFrom(url.searchParams, fromProfile),
      company,
      signedIn,
      // One per rendered checkout: a second press of the button (or a resent form) places no second order.
      idempotencyKey: crypto.randomUUID(),
    },
    { headers: cartHeaders(cart, context, request) },
  );
}

export interface CheckoutFailure {
  message: string;
  errors: CheckoutErrors;
  values: CheckoutValues;
  /** 409: the cart itself keeps the order back (stock, a promo code, a changed total): see the cart. */
  cartProblem: boolean;
}

/** Places the order; on success the success page, else the form again with the messages by its fields. */
export async function action({ context, request }: Route.ActionArgs) {
  const form = await request.formData();
  const values = checkoutValuesFrom(form);
  const api = serverApi(context);
  // The customer's own refusals (a field, the cart as it is) are an ordinary answer, after which the page
  // reads the cart again; only a failing API is an error status.
  const fail = (message: string, errors: CheckoutErrors, status = 200, cartProblem = false) =>
    data<CheckoutFailure>({ message, errors, values, cartProblem }, { status });

  let cart: CartState;
  try {
    cart = await api.cart.get({
      deliveryServiceId: serviceId(form.get('delivery')),
      paymentServiceId: serviceId(form.get('payment')),
    });
  } catch (error) {
    return fail(apiErrorMessage(error), {}, 502);
  }
  const key = form.get('idempotencyKey');
  const idempotencyKey = typeof key === 'string' && key ? key.slice(0, 100) : undefined;
  if (cart.items.length === 0) return placedAgain(api, form, values, cart, idempotencyKey, request);
  const delivery = cart.delivery.options.find((o) => o.id === cart.delivery.selectedId);
  const payment = cart.payments.find((p) => p.id === cart.paymentSelectedId);
  const errors = checkoutProblems(values, delivery, payment);
  if (!delivery || !payment || Object.keys(errors).length)
    return fail('Проверьте отмеченные поля: без них заказ не оформить.', errors);

  const asOrganization = values.asOrganization || payment.kind === 'invoice';
  const { user } = await sessionOf(context);
  const company = asOrganization && user ? await api.profile.company().catch(() => null) : null;
  const expected = Number(form.get('expectedTotal'));
  const body = orderRequest(values, {
    delivery,
    payment,
    organizationId: companyId(company),
    expectedTotal: Number.isInteger(expected) && expected >= 0 ? expected : undefined,
  });
  let placed: OrderPlaced;
  try {
    placed = await api.orders.place(body, idempotencyKey);
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
  form: FormData,
  values: CheckoutValues,
  cart: CartState,
  idempotencyKey: string | undefined,
  request: Request,
): Promise<never> {
  const deliveryId = serviceId(form.get('delivery'));
  const paymentId = serviceId(form.get('payment'));
  if (idempotencyKey && deliveryId && paymentId && values.consent) {
    const kind = cart.delivery.options.find((o) => o.id === deliveryId)?.kind ?? 'self_pickup';
    let placed: OrderPlaced | null = null;
    try {
      placed = await api.orders.place(
        orderRequest(values, {
          delivery: { id: deliveryId, kind },
          payment: { id: paymentId, kind: 'on_delivery' },
          organizationId: null,
          expectedTotal: undefined,
        }),
        idempotencyKey,
      );
    } catch {
      // Not a repeat: the cart really is empty.
    }
    if (placed) toSuccess(placed, request);
  }
  throw redirect(CART_PATH);
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(
    { title: 'Оформление заказа', description: 'Оформление заказа.', path: CHECKOUT_PATH, noindex: true },
    matches,
  );

const ADDRESS_LABELS: Record<AddressField, string> = {
  deliveryCity: 'Город',
  deliveryPostalCode: 'Индекс',
  deliveryAddress: 'Адрес: улица, дом, квартира',
  deliveryPickupPoint: 'Пункт выдачи: адрес или код',
};
const ADDRESS_AUTOCOMPLETE: Record<AddressField, string> = {
  deliveryCity: 'address-level2',
  deliveryPostalCode: 'postal-code',
  deliveryAddress: 'street-address',
  deliveryPickupPoint: 'off',
};

export default function CheckoutRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { cart, prefill, company, signedIn, idempotencyKey } = loaderData;
  const failure = actionData;
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const [values, setValues] = useState<CheckoutValues>(() => failure?.values ?? prefill);
  const [errors, setErrors] = useState<CheckoutErrors>(() => failure?.errors ?? {});
  const [deliveryId, setDeliveryId] = useState(cart.delivery.selectedId);
  const [paymentId, setPaymentId] = useState(cart.paymentSelectedId);
  const failureRef = useRef<HTMLDivElement>(null);

  // The newly priced cart decides: a payment the new delivery does not allow is no longer chosen.
  useEffect(() => {
    setDeliveryId(cart.delivery.selectedId);
    setPaymentId(cart.paymentSelectedId);
  }, [cart]);
  // A refused order: its messages replace the old ones, and the summary above the form takes the focus.
  useEffect(() => {
    if (!failure) return;
    setErrors(failure.errors);
    failureRef.current?.focus();
  }, [failure]);

  const repricing =
    navigation.state === 'loading' &&
    navigation.location.pathname === CHECKOUT_PATH &&
    navigation.formMethod === undefined;
  const placing = navigation.state === 'submitting' && navigation.formMethod === 'POST';

  const reprice = (delivery: number | null, payment: number | null) =>
    navigate(
      { pathname: CHECKOUT_PATH, search: checkoutSearch(delivery, payment) },
      { replace: true, preventScrollReset: true },
    );
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
  const clear = (field: keyof CheckoutErrors) =>
    setErrors((e) => {
      if (!e[field]) return e;
      const next = { ...e };
      delete next[field];
      return next;
    });
  const set =
    <K extends keyof CheckoutValues>(field: K) =>
    (value: CheckoutValues[K]) => {
      setValues((v) => ({ ...v, [field]: value }));
      clear(field as keyof CheckoutErrors);
    };

  // The address fields follow the delivery as priced by the server (the one being chosen shows at once).
  const delivery = cart.delivery.options.find((o) => o.id === deliveryId);
  const payment = cart.payments.find((p) => p.id === paymentId);
  const invoice = payment?.kind === 'invoice';
  const problems = cartProblems(cart);
  const fieldErrorCount = Object.keys(errors).length;

  return (
    <div className="checkout" data-hydrated={hydrated || undefined}>
      <p className="checkout__back">
        <Link to={CART_PATH}>← Вернуться в корзину</Link>
      </p>
      <h1 className="cart-page__title">Оформление заказа</h1>

      {problems.length > 0 && (
        <div className="cart-notice cart-notice--error checkout__problems" role="alert">
          <ul>
            {problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
          <Link to={CART_PATH} className="button button--quiet">
            Исправить в корзине
          </Link>
        </div>
      )}
      {failure && (
        <div
          ref={failureRef}
          tabIndex={-1}
          className="cart-notice cart-notice--error checkout__failure"
          role="alert"
        >
          <p>
            {failure.message}
            {fieldErrorCount > 0 && !failure.cartProblem && ' Ошибки отмечены ниже.'}
          </p>
          {failure.cartProblem && (
            <Link to={CART_PATH} className="button button--quiet">
              Открыть корзину
            </Link>
          )}
        </div>
      )}

      <Form method="post" className="checkout__layout" noValidate>
        <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
        <input type="hidden" name="expectedTotal" value={cart.totals.total} />
        <div className="checkout__main">
          <fieldset className="checkout-section">
            <legend className="checkout-section__title">Получатель</legend>
            <div className="checkout-section__fields">
              <ProfileField id="customerName" label="Имя и фамилия" required error={errors.customerName}>
                {(control) => (
                  <input
                    {...control}
                    type="text"
                    autoComplete="name"
                    maxLength={200}
                    value={values.customerName}
                    onChange={(e) => set('customerName')(e.target.value)}
                  />
                )}
              </ProfileField>
              <div className="profile-form__pair">
                <ProfileField id="customerPhone" label="Телефон" required error={errors.customerPhone}>
                  {(control) => (
                    <MaskedInput
                      {...control}
                      type="tel"
                      inputMode="tel"
                      autoComplete="tel"
                      placeholder={PHONE_PLACEHOLDER}
                      mask={PHONE_MASK}
                      value={values.customerPhone}
                      onValueChange={set('customerPhone')}
                    />
                  )}
                </ProfileField>
                <ProfileField
                  id="customerEmail"
                  label="E-mail"
                  required
                  error={errors.customerEmail}
                  hint="Пришлём письмо с заказом"
                >
                  {(control) => (
                    <input
                      {...control}
                      type="email"
                      inputMode="email"
                      autoComplete="email"
                      maxLength={255}
                      value={values.customerEmail}
                      onChange={(e) => set('customerEmail')(e.target.value)}
                    />
                  )}
                </ProfileField>
              </div>
            </div>
          </fieldset>

          <DeliveryChoice
            options={cart.delivery.options}
            selectedId={deliveryId}
            error={errors.deliveryServiceId}
            onChoose={chooseDelivery}
          />

          {delivery && (
            <fieldset className="checkout-section" aria-live="polite">
              <legend className="checkout-section__title">
                {delivery.kind === 'self_pickup' ? 'Где забрать' : 'Адрес доставки'}
              </legend>
              {delivery.kind === 'self_pickup' ? (
                <p className="checkout-pickup">
                  {delivery.pickupAddress ?? 'Адрес шоу-рума пришлём в письме с заказом.'}
                  <span className="checkout-pickup__note">
                    Приходите после сообщения о том, что заказ собран.
                  </span>
                </p>
              ) : (
                <div className="checkout-section__fields checkout-address">
                  {ADDRESS_FIELDS[delivery.kind].map((field) => (
                    <ProfileField
                      key={field}
                      id={field}
                      label={ADDRESS_LABELS[field]}
                      required
                      error={errors[field]}
                    >
                      {(control) =>
                        field === 'deliveryAddress' ? (
                          <textarea
                            {...control}
                            rows={2}
                            autoComplete={ADDRESS_AUTOCOMPLETE[field]}
                            maxLength={1000}
                            value={values[field]}
                            onChange={(e) => set(field)(e.target.value)}
                          />
                        ) : (
                          <input
                            {...control}
                            type="text"
                            autoComplete={ADDRESS_AUTOCOMPLETE[field]}
                            inputMode={field === 'deliveryPostalCode' ? 'numeric' : undefined}
                            maxLength={field === 'deliveryPostalCode' ? 6 : 100}
                            value={values[field]}
                            onChange={(e) => set(field)(e.target.value)}
                          />
                        )
                      }
                    </ProfileField>
                  ))}
                </div>
              )}
            </fieldset>
          )}

          <PaymentChoice
            payments={cart.payments}
            selectedId={paymentId}
            canInvoice={Boolean(company)}
            error={errors.paymentServiceId}
            onChoose={choosePayment}
          />

          {!hydrated && (
            <div className="checkout__recount">
              <p>Выбрали другую доставку или оплату? Пересчитайте стоимость перед подтверждением.</p>
              <button
                type="submit"
                className="button button--quiet"
                formMethod="get"
                formAction={CHECKOUT_PATH}
                formNoValidate
              >
                Пересчитать
              </button>
            </div>
          )}

          {signedIn && company && (
            <fieldset
              className="checkout-section"
              id="organizationId"
              tabIndex={-1}
              aria-describedby={errors.organizationId ? 'organizationId-error' : undefined}
            >
              <legend className="checkout-section__title">Покупатель</legend>
              {errors.organizationId && (
                <p id="organizationId-error" className="checkout-section__error">
                  {errors.organizationId}
                </p>
              )}
              <label className="checkout-check">
                <input
                  type="checkbox"
                  name="asOrganization"
                  value="1"
                  checked={values.asOrganization || invoice}
                  disabled={invoice}
                  onChange={(e) => {
                    set('asOrganization')(e.target.checked);
                    clear('organizationId');
                  }}
                />
                <span>
                  Покупаю как организация
                  <span className="checkout-check__note">
                    {companyTitle(company)}, ИНН {company.inn}
                    {invoice && ' — счёт выставим на неё'}
                  </span>
                </span>
              </label>
              {invoice && <input type="hidden" name="asOrganization" value="1" />}
            </fieldset>
          )}

          <div className="checkout-section">
            <ProfileField
              id="comment"
              label="Комментарий к заказу"
              error={errors.comment}
              hint="Например, удобное время для звонка"
            >
              {(control) => (
                <textarea
                  {...control}
                  rows={3}
                  maxLength={2000}
                  value={values.comment}
                  onChange={(e) => set('comment')(e.target.value)}
                />
              )}
            </ProfileField>
          </div>

          <div className="checkout-section" id="consent-block">
            <label className="checkout-check">
              <input
                type="checkbox"
                id="consent"
                name="consent"
                value="1"
                checked={values.consent}
                aria-invalid={errors.consent ? true : undefined}
                aria-describedby={errors.consent ? 'consent-error' : undefined}
                onChange={(e) => set('consent')(e.target.checked)}
              />
              <span>
                Я согласен(на) на{' '}
                <Link to={CONSENT_PATH} target="_blank" rel="noopener">
                  обработку персональных данных
                </Link>
              </span>
            </label>
            {errors.consent && (
              <p id="consent-error" className="checkout-section__error">
                {errors.consent}
              </p>
            )}
          </div>
        </div>

        <aside className="checkout__aside" aria-label="Итого">
          <CheckoutSummary cart={cart} repricing={repricing} placing={placing} />
        </aside>
      </Form>
    </div>
  );
}

/** "ООО «Ресницы»": the organisation as the customer knows it. */
function companyTitle(company: ProfileCompany): string {
  const form = LEGAL_FORMS.find((f) => f.value === company.legalForm);
  return form && company.legalForm !== 'other' ? `${form.label} «${company.name}»` : company.name;
}

/** What keeps the cart from being ordered as it is, once each: stock, a promo code that stopped working. */
function cartProblems(cart: CartState): string[] {
  const messages = cart.problems.filter((p) => p.blocking || p.code === 'coupon').map((p) => p.message);
  if (cart.coupon?.state === 'rejected') messages.push(cart.coupon.message);
  return [...new Set(messages)];
}
