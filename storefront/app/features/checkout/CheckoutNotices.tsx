import type { CartState } from '@shop/schemas';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { CART_PATH } from '../cart';
import type { CheckoutFailure } from './checkout-form';

interface CheckoutNoticesProps {
  cart: CartState;
  /** The refused order, if the last press of the button was refused. */
  failure: CheckoutFailure | undefined;
  /** How many fields have a message now: the refusal points at them while there are any. */
  fieldErrorCount: number;
}

/** Above the form: what keeps the cart from being ordered, and why the last order was refused. */
export function CheckoutNotices({ cart, failure, fieldErrorCount }: CheckoutNoticesProps) {
  const failureRef = useRef<HTMLDivElement>(null);
  // A refused order: its summary takes the focus, so a screen reader and a phone's screen land on it.
  useEffect(() => {
    if (failure) failureRef.current?.focus();
  }, [failure]);
  const problems = cartProblems(cart);
  return (
    <>
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
    </>
  );
}

/** What keeps the cart from being ordered as it is, once each: stock, a promo code that stopped working. */
function cartProblems(cart: CartState): string[] {
  const messages = cart.problems.filter((p) => p.blocking || p.code === 'coupon').map((p) => p.message);
  if (cart.coupon?.state === 'rejected') messages.push(cart.coupon.message);
  return [...new Set(messages)];
}
