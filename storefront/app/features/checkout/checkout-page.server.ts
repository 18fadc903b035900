import type { ProfileCompany } from '@shop/schemas';
import { data, redirect } from 'react-router';
import type { Route } from '../../routes/+types/cart.order';
import { phoneToMasked } from '../../ui/MaskedInput';
import { serverApi } from '../../lib/api.server';
import { sessionOf } from '../../lib/auth.server';
import { CART_PATH } from '../cart';
import { cartHeaders } from '../cart/index.server';
import { EMPTY_CHECKOUT, type CheckoutValues } from './checkout';
import { serviceId } from './checkout-form';
import { answerCheckout, checkoutPoints, priceCheckout } from './checkout.server';

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
  const [profile, company, points] = await Promise.all([
    signedIn ? api.profile.get().catch(() => null) : null,
    signedIn ? api.profile.company().catch(() => null as ProfileCompany | null) : null,
    checkoutPoints(api, cart),
  ]);
  const prefill: CheckoutValues = {
    ...EMPTY_CHECKOUT,
    customerName: profile?.name ?? '',
    customerPhone: phoneToMasked(profile?.phone),
    customerEmail: profile?.email ?? '',
    deliveryCity: cart.delivery.destination?.city ?? '',
    deliveryPostalCode: cart.delivery.destination?.postalCode ?? '',
  };
  return data(
    {
      cart,
      points,
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
