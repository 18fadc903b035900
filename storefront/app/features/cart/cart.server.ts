import { apiErrorMessage, apiErrorStatus, apiFieldErrors } from '@shop/client';
import type { CartState } from '@shop/schemas';
import { data, type AppLoadContext } from 'react-router';
import { rememberCartToken, serverApi } from '../../lib/api.server';
import { cookieString } from '../../lib/auth-cookies';
import { isSecureRequest } from '../../lib/auth.server';
import type { CartActionResult, CartIntent } from './cart';
import { CART_COUNT_COOKIE, CART_TOKEN_COOKIE, readCookie } from '../../lib/cookies';
import type { RepeatNotice } from './repeat-notice';
import { linesOfForm, type ManyLine } from './many-lines';

// The cart's forms (features/cart/cart-page.server.ts's action): the page's own forms and "В корзину" everywhere post here,
// as fetchers with JavaScript and as ordinary form posts without it. Every call goes through the storefront's
// server, which keeps a guest's cart token in an HttpOnly cookie and sends it as X-Cart-Token.

/** The API keeps a guest's cart this long after its last change; the cookie lives as long. */
export const CART_TOKEN_DAYS = 30;
/** Spec §9: productCard holds the cart count for one day. */
export const CART_COUNT_DAYS = 1;
const DAY_S = 86_400;

/** Set-Cookie for a new cart token: HttpOnly (only the server sends it), 30 days, SameSite=Lax, path /. */
export function cartTokenCookie(token: string, secure: boolean): string {
  return (
    `${CART_TOKEN_COOKIE}=${encodeURIComponent(token)}; Max-Age=${CART_TOKEN_DAYS * DAY_S}; Path=/; HttpOnly; ` +
    `SameSite=Lax${secure ? '; Secure' : ''}`
  );
}

/** Set-Cookie keeping productCard (the header's count, spec §3) in step with the API's count. */
export function cartCountCookie(count: number, secure: boolean): string {
  return cookieString(CART_COUNT_COOKIE, String(Math.max(0, count)), {
    secure,
    expires: new Date(Date.now() + CART_COUNT_DAYS * DAY_S * 1000),
  });
}

/** Whether the request's productCard cookie already says this count (then nothing is written). */
export function countCookieIsCurrent(context: AppLoadContext, count: number): boolean {
  const stored = readCookie(context.requestCookie, CART_COUNT_COOKIE);
  // No cookie reads as an empty cart for a guest who never had one: such a guest gets no cookie, so the
  // pages rendered for nobody in particular set none and can be kept whole (server/src/platform/web/
  // page-cache.ts). A guest with a cart token always gets the count, even 0: the server answers that guest
  // from the kept pages only while the count cookie is there to put in (web/guest-pages.ts).
  if (stored === undefined)
    return count === 0 && readCookie(context.requestCookie, CART_TOKEN_COOKIE) === undefined;
  return stored === String(count);
}

/**
 * The cookies a cart answer asks for: its new token (once, when this request made the guest's cart) and the
 * count. The token is also used by the loaders that run after the action in this same request.
 */
export function cartHeaders(
  cart: Pick<CartState, 'count' | 'cartToken'>,
  context: AppLoadContext,
  request: Request,
): Headers {
  const headers = new Headers();
  const secure = isSecureRequest(request);
  if (cart.cartToken) {
    rememberCartToken(context, cart.cartToken);
    headers.append('Set-Cookie', cartTokenCookie(cart.cartToken, secure));
  }
  if (!countCookieIsCurrent(context, cart.count))
    headers.append('Set-Cookie', cartCountCookie(cart.count, secure));
  return headers;
}

const INTENTS: readonly CartIntent[] = [
  'add',
  'add-many',
  'undo',
  'update',
  'remove',
  'coupon',
  'coupon-remove',
  'bonuses',
];

/** A whole positive number from a form field, or null. */
function positive(form: FormData, name: string): number | null {
  const raw = form.get(name);
  if (typeof raw !== 'string' || !/^\d{1,9}$/.test(raw.trim())) return null;
  const n = Number(raw.trim());
  return n > 0 ? n : null;
}
const text = (form: FormData, name: string) => {
  const v = form.get(name);
  return typeof v === 'string' ? v : '';
};

/** Runs one cart form: the API's answer, or its Russian refusal tied to the line or offer it concerns. */
export async function cartAction({ request, context }: { request: Request; context: AppLoadContext }) {
  const form = await request.formData();
  const intent = text(form, 'intent') as CartIntent;
  const api = serverApi(context).cart;
  const offerId = positive(form, 'offerId');
  const lineId = positive(form, 'lineId');
  const quantity = positive(form, 'quantity');
  const title = text(form, 'title').slice(0, 300) || null;
  const base = {
    intent,
    lineId,
    offerId,
    quantity,
    title,
    price: positive(form, 'price'),
  };
  const refuse = (message: string, status = 200) =>
    data<CartActionResult>({ ...base, ok: false, message, cart: null }, { status });
  if (!INTENTS.includes(intent)) return refuse('Неизвестное действие с корзиной', 400);

  let cart: CartState;
  let many: ManyLine[] = [];
  try {
    switch (intent) {
      case 'add-many': {
        // The grid's quantity fields: every variant with pieces in it, each its own line, all or none.
        const asked = linesOfForm(form);
        if ('message' in asked) return data<CartActionResult>({ ...base, ...asked, ok: false, cart: null });
        many = asked.lines;
        cart = await api.addMany({ lines: asked.lines });
        return data<CartActionResult>(
          {
            ...base,
            quantity: many.reduce((sum, l) => sum + l.quantity, 0),
            variants: many.length,
            ok: true,
            message: null,
            cart,
          },
          { headers: cartHeaders(cart, context, request) },
        );
        break;
      }
      case 'add':
      case 'undo':
        if (!offerId) return refuse('Выберите товар');
        if (!quantity) return refuse('Укажите количество: целое число от 1');
        cart = await api.add({ offerId, quantity });
        break;
      case 'update': {
        if (!lineId) return refuse('В корзине нет такой строки');
        // The stepper's − and + send the shown quantity and a step; the field alone sends a step of 0.
        const step = Number(text(form, 'step') || 0);
        const wanted = (quantity ?? 0) + (Number.isInteger(step) ? step : 0);
        if (!quantity || wanted < 1) return refuse('Количество — целое число от 1');
        cart = await api.update(lineId, { quantity: wanted });
        base.quantity = wanted;
        break;
      }
      case 'remove':
        if (!lineId) return refuse('В корзине нет такой строки');
        cart = await api.remove(lineId);
        break;
      case 'coupon': {
        const code = text(form, 'code').trim();
        if (!code) return refuse('Введите промокод');
        cart = await api.applyCoupon({ code: code.slice(0, 100) });
        break;
      }
      case 'coupon-remove':
        cart = await api.removeCoupon();
        break;
      case 'bonuses': {
        // The switch sends use=1 (spend as much as allowed) or nothing; an amount field may say how many.
        const use = text(form, 'use') !== '';
        const points = use ? (positive(form, 'points') ?? positive(form, 'max') ?? 0) : 0;
        cart = await api.setBonuses({ points });
        break;
      }
    }
  } catch (error) {
    const status = apiErrorStatus(error);
    // The API names the refused line of several by its place (`lines.3.quantity`): the grid marks its cell.
    const at = Object.keys(apiFieldErrors(error))
      .map((key) => /^lines\.(\d+)\./.exec(key)?.[1])
      .find(Boolean);
    if (at !== undefined) base.offerId = many[Number(at)]?.offerId ?? null;
    // The visitor's own refusals (stock, an offer gone, a line already removed) are an ordinary answer;
    // only a failing API is an error status.
    return refuse(apiErrorMessage(error), status !== undefined && status < 500 ? 200 : 502);
  }
  return data<CartActionResult>(
    { ...base, ok: true, message: null, cart },
    { headers: cartHeaders(cart, context, request) },
  );
}

/**
 * «Повторить заказ» ends on the cart page, which says what went in and what is missing: the order page's
 * action leaves that in this cookie for the cart's next load, which reads it once and removes it. A cookie
 * rather than the address, so that no link can make the cart page say anything.
 */
const REPEAT_NOTICE_COOKIE = 'orderRepeated';

const noticeCookie = (value: string, maxAge: number, secure: boolean) =>
  `${REPEAT_NOTICE_COOKIE}=${value}; Max-Age=${maxAge}; Path=/; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;

export function repeatNoticeCookie(notice: RepeatNotice, secure: boolean): string {
  return noticeCookie(Buffer.from(JSON.stringify(notice)).toString('base64url'), 60, secure);
}

const isText = (v: unknown): v is string => typeof v === 'string';
const isCount = (v: unknown): v is number => Number.isInteger(v) && (v as number) >= 0;

function parseNotice(raw: string): RepeatNotice | null {
  try {
    const n = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as Partial<RepeatNotice>;
    const limitedOk =
      Array.isArray(n.limited) && n.limited.every((l) => isText(l?.name) && isCount(l?.available));
    if (!(isText(n.number) || n.number === null) || !isCount(n.added) || !isCount(n.skippedCount))
      return null;
    if (!Array.isArray(n.skipped) || !n.skipped.every(isText) || !limitedOk) return null;
    return n as RepeatNotice;
  } catch {
    return null;
  }
}

/** The notice left for this load, if any, and the Set-Cookie that removes it (appended to `headers`). */
export function takeRepeatNotice(
  context: AppLoadContext,
  request: Request,
  headers: Headers,
): RepeatNotice | null {
  const raw = readCookie(context.requestCookie, REPEAT_NOTICE_COOKIE);
  if (raw === undefined) return null;
  headers.append('Set-Cookie', noticeCookie('', 0, isSecureRequest(request)));
  return parseNotice(raw);
}
