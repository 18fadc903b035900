import type { CartState } from '@shop/schemas';
import { useId } from 'react';
import { useFetcher } from 'react-router';
import { CART_PATH, type CartActionResult } from './cart';

/**
 * The promo code: a field and "Применить"; the server's message says it applied (and how much it saves) or
 * why not; an entered code can be taken off. Works as a plain form without JavaScript.
 */
export function CouponForm({ cart, result }: { cart: CartState; result?: CartActionResult }) {
  const fetcher = useFetcher<CartActionResult>({ key: 'cart-coupon' });
  const id = useId();
  const { coupon } = cart;
  const busy = fetcher.state !== 'idle';
  // A refusal before the code reached the cart (an empty field, the API down) is the form's own.
  const answer = fetcher.data ?? (result?.intent === 'coupon' ? result : undefined);
  const refusal = answer && !answer.ok ? answer.message : null;
  const messageId = `${id}-message`;
  return (
    <section className="cart-box cart-coupon" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="cart-box__title">
        Промокод
      </h2>
      {coupon ? (
        <fetcher.Form method="post" action={CART_PATH} className="cart-coupon__applied">
          <input type="hidden" name="intent" value="coupon-remove" />
          <p
            className={`cart-coupon__message cart-coupon__message--${coupon.state}`}
            role={coupon.state === 'rejected' ? 'alert' : 'status'}
          >
            {coupon.message}
          </p>
          <button type="submit" className="button button--quiet" disabled={busy}>
            Убрать промокод
          </button>
        </fetcher.Form>
      ) : null}
      {(!coupon || coupon.state === 'rejected') && (
        <fetcher.Form method="post" action={CART_PATH} className="cart-coupon__form">
          <input type="hidden" name="intent" value="coupon" />
          <label className="visually-hidden" htmlFor={`${id}-code`}>
            Промокод
          </label>
          <input
            id={`${id}-code`}
            className="cart-input cart-coupon__input"
            name="code"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={100}
            placeholder="Введите промокод"
            aria-invalid={refusal ? true : undefined}
            aria-describedby={refusal ? messageId : undefined}
          />
          <button type="submit" className="button button--primary" disabled={busy}>
            {busy ? 'Проверяем…' : 'Применить'}
          </button>
        </fetcher.Form>
      )}
      {refusal && (
        <p id={messageId} className="cart-coupon__message cart-coupon__message--rejected" role="alert">
          {refusal}
        </p>
      )}
    </section>
  );
}
