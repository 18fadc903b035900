import type { CartState } from '@shop/schemas';
import { useId } from 'react';
import { Link, useFetcher } from 'react-router';
import { useAuth } from '../../lib/auth';
import { CART_PATH, type CartActionResult } from './cart';
import { formatMoney, plural } from '../../lib/format';

const POINTS = ['балл', 'балла', 'баллов'] as const;
const points = (n: number) => `${n.toLocaleString('ru-RU').replace(/\s/g, '\u202f')} ${plural(n, POINTS)}`;

/**
 * Bonus points (signed-in customers whose type takes part): a switch "Списать баллы" that spends as many as
 * allowed, or an amount. For everyone else the server's reason (e.g. sign in first), when it gives one.
 */
export function BonusesForm({ cart }: { cart: CartState }) {
  const signedIn = useAuth().status === 'authenticated';
  const fetcher = useFetcher<CartActionResult>({ key: 'cart-bonuses' });
  const id = useId();
  const { bonuses } = cart;
  if (!bonuses.enabled) {
    if (!bonuses.reason) return null;
    return (
      <section className="cart-box cart-bonuses" aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`} className="cart-box__title">
          Бонусы
        </h2>
        <p className="cart-box__note">
          {bonuses.reason}
          {!signedIn && (
            <>
              {' '}
              <Link to={`/login?redirect=${encodeURIComponent(CART_PATH)}`}>Войти</Link>
            </>
          )}
        </p>
      </section>
    );
  }
  const using = bonuses.spent > 0 || bonuses.requested > 0;
  const refusal = fetcher.data && !fetcher.data.ok ? fetcher.data.message : null;
  const busy = fetcher.state !== 'idle';
  return (
    <section className="cart-box cart-bonuses" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="cart-box__title">
        Бонусы
      </h2>
      <p className="cart-box__note">
        На счёте {points(bonuses.available)}; к этому заказу можно списать до {points(bonuses.maxSpendable)}{' '}
        (1 балл = {formatMoney(bonuses.pointValue)}).
      </p>
      <fetcher.Form
        method="post"
        action={CART_PATH}
        className="cart-bonuses__form"
        // The server's answer resets the switch and the amount to what it applied.
        key={`${bonuses.requested}-${bonuses.spent}-${bonuses.maxSpendable}`}
      >
        <input type="hidden" name="intent" value="bonuses" />
        <input type="hidden" name="max" value={bonuses.maxSpendable} />
        <label className="cart-switch">
          <input
            type="checkbox"
            name="use"
            value="1"
            defaultChecked={using}
            disabled={bonuses.maxSpendable === 0 && !using}
            onChange={(e) => void fetcher.submit(e.currentTarget.form)}
          />
          <span>Списать баллы</span>
        </label>
        <label className="cart-bonuses__amount">
          <span>Сколько</span>
          <input
            className="cart-input"
            type="number"
            name="points"
            inputMode="numeric"
            min={0}
            max={bonuses.maxSpendable}
            defaultValue={using ? bonuses.spent : bonuses.maxSpendable}
          />
        </label>
        <button type="submit" className="button button--quiet" disabled={busy}>
          Применить
        </button>
      </fetcher.Form>
      {bonuses.spent > 0 && (
        <p className="cart-box__note" role="status">
          Списано {points(bonuses.spent)}: −{formatMoney(bonuses.value)}
        </p>
      )}
      {refusal && (
        <p className="cart-coupon__message cart-coupon__message--rejected" role="alert">
          {refusal}
        </p>
      )}
    </section>
  );
}
