import type { ProfileOrder } from '@shop/schemas';
import { redirect } from 'react-router';
import type { Route } from '../../routes/+types/cart.order.success';
import { serverApi } from '../../lib/api.server';
import { sessionOf } from '../../lib/auth.server';
import { formatAttributes } from '../cart';
import { paymentKindOf } from './checkout';

/**
 * /cart/order/success?number=…&payment=…[&key=…]: the order just placed. The order itself is read for the
 * e-mail it was sent to, for Metrika and for whether it can be paid online now; the page still thanks the
 * customer when it cannot be read.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const number = url.searchParams.get('number')?.trim().slice(0, 50) ?? '';
  if (!number) throw redirect('/');
  const key = url.searchParams.get('key')?.trim().slice(0, 200) || null;
  const paymentKind = paymentKindOf(url.searchParams.get('payment'));
  const api = serverApi(context);
  let order: ProfileOrder | null = null;
  try {
    if (key) order = await api.orders.byKey(number, { key });
    else if ((await sessionOf(context)).user) order = await api.profile.order(number);
  } catch (error) {
    console.error('placed order unavailable:', error instanceof Error ? error.message : error);
  }
  return {
    number,
    key,
    paymentKind,
    // Unread, an online order is offered the payment anyway: the order page's action says if it cannot.
    canPay: order ? order.canPay === true : paymentKind === 'online',
    email: order?.customerEmail ?? null,
    // The invoice is made out with the order: the page offers it at once rather than promising a letter.
    hasInvoice: order?.hasInvoice === true,
    total: order?.total ?? null,
    items: (order?.items ?? []).map((item) => ({
      id: item.productId ?? item.article ?? item.title,
      title: item.title,
      price: item.price,
      variant: formatAttributes(item.attributes) || null,
      quantity: item.quantity,
    })),
  };
}
