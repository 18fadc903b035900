// The order page's server work, for the account's page and a guest's private link alike: its data (the
// payment checked on the way back from the payment page), its pictures, and its forms' action.
import { apiErrorMessage, apiErrorStatus, type ApiClient } from '@shop/client';
import type { ProfileOrder } from '@shop/schemas';
import { data, redirect, type AppLoadContext } from 'react-router';
import type { OrderedProduct } from './OrderDetails';
import { serverApi } from '../../lib/api.server';
import { isSecureRequest } from '../../lib/auth.server';
import { CART_PATH, repeatNotice } from '../cart';
import { cartHeaders, repeatNoticeCookie } from '../cart/index.server';
import { notFound, orNotFound } from '../../lib/content.server';
import {
  ORDER_INTENTS,
  PAYMENT_PARAM,
  PAYMENT_RETURN,
  paymentOutcome,
  type OrderAccess,
  type OrderActionResult,
  type OrderIntent,
  type OrderPageData,
} from './orders';

/**
 * Pictures and links of an order's products, from the catalogue, for the products it still shows (the
 * account's order page and a guest's private order page). The order is worth showing without them: a
 * failing catalogue gives none.
 */
export async function orderedProducts(
  api: ApiClient,
  order: Pick<ProfileOrder, 'items'>,
): Promise<Record<number, OrderedProduct>> {
  const ids = [
    ...new Set((order.items ?? []).map((i) => i.productId).filter((id): id is number => id !== null)),
  ];
  const products: Record<number, OrderedProduct> = {};
  if (!ids.length) return products;
  try {
    const found = await api.catalog.listProducts({ ids: ids.slice(0, 100), perPage: 100 });
    for (const p of found.data) products[p.id] = { url: p.url, image: p.announceImageUrl };
  } catch (error) {
    console.error('order pictures unavailable:', error instanceof Error ? error.message : error);
  }
  return products;
}

/** The order as this page may read it: a guest's by the key, the signed-in customer's own without. */
const readOrder = (api: ApiClient, { number, key }: OrderAccess) =>
  key ? api.orders.byKey(number, { key }) : api.profile.order(number);

/** An order action's body: a guest names the link's key, a signed-in customer's own order needs none. */
const keyBody = (key: string | null) => (key ? { key } : {});

/** The key of a guest's private link from the page's address (cut to the API's limit), or null. */
export function linkKeyOf(request: Request): string | null {
  return new URL(request.url).searchParams.get('key')?.trim().slice(0, 64) || null;
}

/**
 * The order page's data. Back from the payment page (`?payment=return`) the payment is read again from the
 * provider first, so the page says at once whether it went through; when that check fails the order is
 * read as it is stored, and the page says what that shows.
 */
export async function loadOrderPage(
  api: ApiClient,
  access: OrderAccess,
  request: Request,
): Promise<OrderPageData> {
  const returning = new URL(request.url).searchParams.get(PAYMENT_PARAM) === PAYMENT_RETURN;
  let order: ProfileOrder | null = null;
  if (returning) {
    try {
      order = await api.orders.checkPayment(access.number, keyBody(access.key));
    } catch (error) {
      if (apiErrorStatus(error) === 404) notFound();
      console.error('payment check failed:', error instanceof Error ? error.message : error);
    }
  }
  order ??= await orNotFound(readOrder(api, access));
  return {
    order,
    products: await orderedProducts(api, order),
    access,
    paymentReturn: returning ? paymentOutcome(order) : null,
  };
}

const refused = (intent: OrderIntent, error: unknown) => {
  const status = apiErrorStatus(error);
  if (status === undefined || status >= 500)
    console.error(`order ${intent} failed:`, error instanceof Error ? error.message : error);
  // The customer's own refusals (already paid, no longer new) are an ordinary answer.
  return data<OrderActionResult>(
    { intent, ok: false, message: apiErrorMessage(error) },
    { status: status !== undefined && status < 500 ? 200 : 502 },
  );
};

/**
 * The order page's forms: «Оплатить» sends the browser to the provider's payment page (303, with or without
 * JavaScript), «Повторить заказ» to the cart with a notice of what went in, «Отменить заказ» answers here.
 * A refusal comes back as the page with the server's Russian message next to its button.
 */
export async function orderPageAction(
  { context, request }: { context: AppLoadContext; request: Request },
  access: OrderAccess,
) {
  const form = await request.formData();
  const intent = ORDER_INTENTS.find((i) => i === form.get('intent'));
  if (!intent)
    return data<OrderActionResult>({ intent: 'pay', ok: false, message: 'Неизвестное действие' }, 400);
  const api = serverApi(context);
  const { number, key } = access;
  try {
    switch (intent) {
      case 'pay': {
        const { confirmationUrl } = await api.orders.pay(number, keyBody(key));
        return redirect(confirmationUrl, 303);
      }
      case 'repeat': {
        const answer = key ? await api.orders.repeat(number, { key }) : await api.profile.repeatOrder(number);
        const headers = cartHeaders(answer, context, request);
        headers.append(
          'Set-Cookie',
          repeatNoticeCookie(repeatNotice(number, answer), isSecureRequest(request)),
        );
        return redirect(CART_PATH, { status: 303, headers });
      }
      case 'cancel': {
        const reason = form.get('reason');
        const text = typeof reason === 'string' ? reason.trim().slice(0, 500) : '';
        await api.orders.cancel(number, { ...keyBody(key), ...(text ? { reason: text } : {}) });
        return data<OrderActionResult>({ intent, ok: true, message: 'Заказ отменён' });
      }
    }
  } catch (error) {
    return refused(intent, error);
  }
}
