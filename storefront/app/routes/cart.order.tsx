import type { ProfileCompany } from '@shop/schemas';
import { Form, Link, data, redirect, useNavigation } from 'react-router';
import type { Route } from './+types/cart.order';
import { AddressSection } from '../components/checkout/AddressSection';
import { DeliveryChoice, PaymentChoice } from '../components/checkout/CheckoutChoices';
import { CheckoutNotices } from '../components/checkout/CheckoutNotices';
import { CheckoutSummary } from '../components/checkout/CheckoutSummary';
import { CommentSection } from '../components/checkout/CommentSection';
import { ConsentSection } from '../components/checkout/ConsentSection';
import { ContactSection } from '../components/checkout/ContactSection';
import { OrganizationSection } from '../components/checkout/OrganizationSection';
import { phoneToMasked } from '../components/MaskedInput';
import { serverApi } from '../lib/api.server';
import { sessionOf } from '../lib/auth.server';
import { CART_PATH, CHECKOUT_PATH } from '../lib/cart';
import { cartHeaders } from '../lib/cart.server';
import { EMPTY_CHECKOUT, type CheckoutValues } from '../lib/checkout';
import { checkoutSearch, serviceId, useCheckoutForm } from '../lib/checkout-form';
import { answerCheckout, priceCheckout } from '../lib/checkout.server';
import { useHydrated } from '../lib/hydrated';
import { seoMeta } from '../lib/seo';
import '../components/cart/cart.css';
import '../components/profile/profile.css';
import '../components/checkout/checkout.css';

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
  const prefill: CheckoutValues = {
    ...EMPTY_CHECKOUT,
    customerName: profile?.name ?? '',
    customerPhone: phoneToMasked(profile?.phone),
    customerEmail: profile?.email ?? '',
  };
  return data(
    {
      cart,
      prefill,
      company,
      signedIn,
      // One per rendered checkout: a second press of the button (or a resent form) places no second order.
      idempotencyKey: crypto.randomUUID(),
    },
    { headers: cartHeaders(cart, context, request) },
  );
}

/** «Подтвердить заказ» places the order; «Пересчитать» (without JavaScript) prices the cart again. */
export async function action({ context, request }: Route.ActionArgs) {
  return answerCheckout(context, request);
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(
    { title: 'Оформление заказа', description: 'Оформление заказа.', path: CHECKOUT_PATH, noindex: true },
    matches,
  );

export default function CheckoutRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { company, signedIn } = loaderData;
  const failure = actionData?.result === 'refused' ? actionData : undefined;
  // After «Пересчитать» without JavaScript the page is the action's answer: its cart is priced with the
  // services chosen in the form (the loader's, with those of the address), and the same form goes on.
  const recount = actionData?.result === 'recounted' ? actionData : undefined;
  const cart = recount?.cart ?? loaderData.cart;
  const idempotencyKey = recount?.idempotencyKey ?? loaderData.idempotencyKey;
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const { values, errors, deliveryId, paymentId, set, clear, chooseDelivery, choosePayment } =
    useCheckoutForm(cart, failure?.values ?? recount?.values ?? loaderData.prefill, failure);

  const repricing =
    navigation.state === 'loading' &&
    navigation.location.pathname === CHECKOUT_PATH &&
    navigation.formMethod === undefined;
  const placing = navigation.state === 'submitting' && navigation.formMethod === 'POST';

  // The address fields follow the delivery as priced by the server (the one being chosen shows at once).
  const delivery = cart.delivery.options.find((o) => o.id === deliveryId);
  const payment = cart.payments.find((p) => p.id === paymentId);
  const invoice = payment?.kind === 'invoice';

  return (
    <div className="checkout" data-hydrated={hydrated || undefined}>
      <p className="checkout__back">
        <Link to={CART_PATH}>← Вернуться в корзину</Link>
      </p>
      <h1 className="cart-page__title">Оформление заказа</h1>
      <CheckoutNotices cart={cart} failure={failure} fieldErrorCount={Object.keys(errors).length} />

      {/* Posted to the address of the services the cart is priced with: a refused order read again
          after a recount without JavaScript keeps the services chosen there. */}
      <Form
        method="post"
        action={CHECKOUT_PATH + checkoutSearch(cart.delivery.selectedId, cart.paymentSelectedId)}
        className="checkout__layout"
        noValidate
      >
        <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
        <input type="hidden" name="expectedTotal" value={cart.totals.total} />
        <div className="checkout__main">
          <ContactSection values={values} errors={errors} set={set} />
          <DeliveryChoice
            options={cart.delivery.options}
            selectedId={deliveryId}
            error={errors.deliveryServiceId}
            onChoose={chooseDelivery}
          />
          {delivery && <AddressSection delivery={delivery} values={values} errors={errors} set={set} />}
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
              {/* A POST: what was typed comes back in the answer, never in the address. */}
              <button
                type="submit"
                name="intent"
                value="recount"
                className="button button--quiet"
                formNoValidate
              >
                Пересчитать
              </button>
            </div>
          )}

          {signedIn && company && (
            <OrganizationSection
              company={company}
              checked={values.asOrganization}
              invoice={invoice}
              error={errors.organizationId}
              onChange={(checked) => {
                set('asOrganization')(checked);
                clear('organizationId');
              }}
            />
          )}
          <CommentSection value={values.comment} error={errors.comment} onChange={set('comment')} />
          <ConsentSection checked={values.consent} error={errors.consent} onChange={set('consent')} />
        </div>

        <aside className="checkout__aside" aria-label="Итого">
          <CheckoutSummary cart={cart} repricing={repricing} placing={placing} />
        </aside>
      </Form>
    </div>
  );
}
