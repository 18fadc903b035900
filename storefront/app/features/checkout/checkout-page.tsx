import { Form, Link, useNavigation, useRevalidator } from 'react-router';
import type { Route } from '../../routes/+types/cart.order';
import { AddressSection } from './AddressSection';
import { DeliveryChoice, PaymentChoice } from './CheckoutChoices';
import { CheckoutNotices } from './CheckoutNotices';
import { CheckoutSummary } from './CheckoutSummary';
import { CommentSection } from './CommentSection';
import { ConsentSection } from './ConsentSection';
import { ContactSection } from './ContactSection';
import { OrganizationSection } from './OrganizationSection';
import { CART_PATH, CHECKOUT_PATH } from '../cart';
import { checkoutSearch, useCheckoutForm } from './checkout-form';
import { useHydrated } from '../../lib/hydrated';
import { apiErrorMessage, useApi } from '../../lib/browser-api';
import { useShellData } from '../../lib/shell-data';
import { CityPicker } from './CityPicker';
import type { DeliveryCity } from './delivery-types';
import { useRef, useState } from 'react';
import { seoMeta } from '../../lib/seo';
import '../cart/cart.css';
import '../account/profile.css';
import './checkout.css';

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
  const points = recount ? recount.points : loaderData.points;
  const idempotencyKey = recount?.idempotencyKey ?? loaderData.idempotencyKey;
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const { values, errors, deliveryId, paymentId, set, clear, chooseDelivery, choosePayment } =
    useCheckoutForm(cart, failure?.values ?? recount?.values ?? loaderData.prefill, failure);
  const { config } = useShellData();
  const city = useCartCity(cart.delivery.destination, (chosen) => {
    set('deliveryCity')(chosen.city);
    if (chosen.postalCode) set('deliveryPostalCode')(chosen.postalCode);
  });

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
          <fieldset className="checkout-section">
            <legend className="checkout-section__title">Куда доставить</legend>
            <CityPicker
              value={cart.delivery.destination}
              suggest={city.suggest}
              onChoose={(chosen) => void city.choose(chosen)}
              error={city.error ?? errors.deliveryCity}
            />
          </fieldset>
          <DeliveryChoice
            options={cart.delivery.options}
            selectedId={deliveryId}
            error={errors.deliveryServiceId}
            onChoose={chooseDelivery}
          />
          {delivery && (
            <AddressSection
              delivery={delivery}
              values={values}
              errors={errors}
              set={set}
              points={points}
              mapsApiKey={config.mapsApiKey}
              onPostalCode={(postalCode) => {
                // The city as the form holds it: the page's cart may not have caught up with the choice yet.
                const name = values.deliveryCity.trim() || cart.delivery.destination?.city;
                const region = cart.delivery.destination?.region ?? null;
                if (name) void city.choose({ city: name, region, postalCode });
              }}
            />
          )}
          <PaymentChoice
            payments={cart.payments}
            outOfReach={cart.paymentsOutOfReach}
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

/**
 * The cart's city: suggestions from the API, and a choice that the cart keeps (PUT /api/cart/destination)
 * before the page reads the cart again, priced for it.
 */
function useCartCity(current: DeliveryCity | null, onChosen: (city: DeliveryCity) => void) {
  const api = useApi();
  const revalidator = useRevalidator();
  const [error, setError] = useState<string | null>(null);
  // The last city sent: a tap on a suggestion and the field's blur right after choose the same city once.
  const sent = useRef<string | null>(current && `${current.city}|${current.postalCode ?? ''}`);
  return {
    error,
    suggest: (q: string) => api.delivery.cities({ q }),
    choose: async (city: DeliveryCity) => {
      setError(null);
      onChosen(city);
      const key = `${city.city}|${city.postalCode ?? ''}`;
      if (sent.current === key) return;
      sent.current = key;
      try {
        await api.cart.setDestination({ city: city.city, region: city.region, postalCode: city.postalCode });
        await revalidator.revalidate();
      } catch (e) {
        sent.current = null;
        setError(apiErrorMessage(e));
      }
    },
  };
}
