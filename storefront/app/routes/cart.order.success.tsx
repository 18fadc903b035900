import type { ProfileOrder } from '@shop/schemas';
import { useEffect } from 'react';
import { Link, redirect } from 'react-router';
import type { Route } from './+types/cart.order.success';
import { serverApi } from '../lib/api.server';
import { trackPurchase } from '../lib/analytics';
import { sessionOf } from '../lib/auth.server';
import { formatAttributes } from '../lib/cart';
import { CHECKOUT_SUCCESS_PATH, nextStepsText, paymentKindOf, placedOrderPath } from '../lib/checkout';
import { formatPrice } from '../lib/format';
import { seoMeta } from '../lib/seo';
import '../components/checkout/checkout.css';

/**
 * /cart/order/success?number=…&payment=…[&key=…]: the order just placed. The order itself is read for the
 * e-mail it was sent to and for Metrika; the page still thanks the customer when it cannot be read.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const number = url.searchParams.get('number')?.trim().slice(0, 50) ?? '';
  if (!number) throw redirect('/');
  const key = url.searchParams.get('key')?.trim().slice(0, 200) || null;
  const api = serverApi(context);
  let order: ProfileOrder | null = null;
  try {
    if (key) order = await api.orders.byKey(number, key);
    else if ((await sessionOf(context)).user) order = await api.profile.order(number);
  } catch (error) {
    console.error('placed order unavailable:', error instanceof Error ? error.message : error);
  }
  return {
    number,
    key,
    paymentKind: paymentKindOf(url.searchParams.get('payment')),
    email: order?.customerEmail ?? null,
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

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  seoMeta(
    {
      title: loaderData ? `Заказ № ${loaderData.number} оформлен` : 'Заказ оформлен',
      description: 'Заказ оформлен.',
      path: CHECKOUT_SUCCESS_PATH,
      noindex: true,
    },
    matches,
  );

const TRACKED = 'shop.purchaseTracked';

/** Metrika counts a purchase once: a reload or a return to this page does not count it again. */
function trackPurchaseOnce(input: Parameters<typeof trackPurchase>[0]): void {
  try {
    const done = new Set<string>(JSON.parse(sessionStorage.getItem(TRACKED) ?? '[]') as string[]);
    if (done.has(String(input.orderId))) return;
    done.add(String(input.orderId));
    sessionStorage.setItem(TRACKED, JSON.stringify([...done].slice(-20)));
  } catch {
    // Storage closed (private mode): counting once per page view is the best left.
  }
  trackPurchase(input);
}

export default function CheckoutSuccess({ loaderData }: Route.ComponentProps) {
  const { number, key, paymentKind, email, total, items } = loaderData;
  useEffect(() => {
    trackPurchaseOnce({ orderId: number, revenue: total ?? undefined, items });
  }, [number, total, items]);
  return (
    <div className="checkout-done">
      <div className="checkout-done__mark" aria-hidden="true">
        ✓
      </div>
      <h1 className="checkout-done__title">Заказ № {number} оформлен</h1>
      {total !== null && <p className="checkout-done__total">На сумму {formatPrice(total)}</p>}
      <h2 className="checkout-done__subtitle">Что дальше</h2>
      <ol className="checkout-done__steps">
        <li>Менеджер проверит наличие и свяжется с вами, чтобы подтвердить заказ.</li>
        <li>
          {email ? (
            <>
              Письмо с заказом отправили на <strong>{email}</strong>.
            </>
          ) : (
            'Письмо с заказом отправили на ваш e-mail.'
          )}
          {key && ' В нём же ссылка на страницу заказа.'}
        </li>
        <li>{nextStepsText(paymentKind)}</li>
      </ol>
      <div className="checkout-done__actions">
        <Link to={placedOrderPath(number, key)} className="button button--primary">
          Посмотреть заказ
        </Link>
        <Link to="/catalog" className="button button--quiet">
          Продолжить покупки
        </Link>
      </div>
    </div>
  );
}
