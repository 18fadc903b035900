import type { CartState } from '@shop/schemas';
import { useEffect, useRef } from 'react';
import { Link, useFetcher } from 'react-router';
import type { Route } from '../../routes/+types/cart';
import { BonusesForm } from './BonusesForm';
import { CartLineItem } from './CartLineItem';
import { CartSummary } from './CartSummary';
import { CouponForm } from './CouponForm';
import { trackAdd } from '../../lib/analytics';
import {
  ADDED,
  CART_PATH,
  REMOVE_FETCHER,
  lineAnalytics,
  type CartActionResult,
  type CartLine,
} from './cart';
import { GOODS, plural, quoted } from '../../lib/format';
import { removedText, repeatNoticeText, type RepeatNotice } from './repeat-notice';
import { addedManyMessage } from './many-lines';
import { useHydrated } from '../../lib/hydrated';
import { seoMeta } from '../../lib/seo';
import './cart.css';

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta({ title: 'Корзина', description: 'Корзина покупателя.', path: CART_PATH, noindex: true }, matches);

export default function CartRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { cart, failure, repeated } = loaderData;
  const remover = useFetcher<CartActionResult>({ key: REMOVE_FETCHER });
  const formResult = actionData;
  const hydrated = useHydrated();
  if (!cart) {
    return (
      <div className="cart-page">
        <h1 className="cart-page__title">Корзина</h1>
        <div className="cart-empty" role="alert">
          <p className="cart-empty__title">Не удалось загрузить корзину</p>
          <p>{failure}</p>
          <Link to={CART_PATH} reloadDocument className="button button--primary">
            Попробовать ещё раз
          </Link>
        </div>
      </div>
    );
  }
  // Without JavaScript every form posts here and its answer comes back as this page's action data.
  const removal = remover.data ?? (formResult?.intent === 'remove' ? formResult : undefined);
  const lineResult = (line: CartLine) =>
    formResult && !formResult.ok && formResult.lineId === line.id ? formResult : undefined;
  return (
    <div className="cart-page" data-hydrated={hydrated || undefined}>
      <h1 className="cart-page__title">
        Корзина
        {cart.count > 0 && (
          <span className="cart-page__count">
            {cart.count} {plural(cart.count, GOODS)}
          </span>
        )}
      </h1>
      {repeated && <RepeatedNotice notice={repeated} />}
      <AddedNotice result={formResult} />
      <UndoNotice removal={removal} cart={cart} />
      {cart.items.length === 0 ? (
        <div className="cart-empty">
          <p className="cart-empty__title">В корзине пока пусто</p>
          <p>Загляните в каталог: ресницы, клей и всё для наращивания и ламинирования.</p>
          <Link to="/catalog" className="button button--primary">
            Перейти в каталог
          </Link>
        </div>
      ) : (
        <div className="cart-page__layout">
          <ul className="cart-lines" aria-label="Товары в корзине">
            {cart.items.map((line) => (
              <CartLineItem key={line.id} line={line} result={lineResult(line)} />
            ))}
          </ul>
          <aside className="cart-page__aside" aria-label="Итого">
            <CouponForm cart={cart} result={formResult} />
            <BonusesForm cart={cart} />
            <CartSummary cart={cart} />
          </aside>
        </div>
      )}
    </div>
  );
}

/** Without JavaScript, "В корзину" lands here: the page says what happened to the product. */
function AddedNotice({ result }: { result: CartActionResult | undefined }) {
  if (!result || !['add', 'add-many', 'undo'].includes(result.intent)) return null;
  if (result.ok && result.intent === 'undo') return null;
  return result.ok ? (
    <p className="cart-notice cart-notice--success" role="status">
      {result.intent === 'add-many'
        ? addedManyMessage(result.title && quoted(result.title), result.variants ?? 0, result.quantity ?? 0)
        : `${ADDED}${result.title ? `: ${quoted(result.title)}` : ''}`}
    </p>
  ) : (
    <p className="cart-notice cart-notice--error" role="alert">
      {result.message}
    </p>
  );
}

/** After «Повторить заказ»: what of the order went in, and by name what is missing or short. */
function RepeatedNotice({ notice }: { notice: RepeatNotice }) {
  const { text, problems } = repeatNoticeText(notice);
  return (
    <div
      className={`cart-notice cart-notice--repeat ${problems.length ? 'cart-notice--partial' : 'cart-notice--success'}`}
      role="status"
    >
      <p>{text}</p>
      {problems.map((problem) => (
        <p key={problem} className="cart-notice__problem">
          {problem}
        </p>
      ))}
    </div>
  );
}

/** "Удалено из корзины: «…». Вернуть": puts the same offer back in the same quantity. */
function UndoNotice({ removal, cart }: { removal: CartActionResult | undefined; cart: CartState }) {
  const undo = useFetcher<CartActionResult>({ key: 'cart-undo' });
  const tracked = useRef<CartActionResult | null>(null);
  useEffect(() => {
    const result = undo.data;
    if (!result?.ok || tracked.current === result || !result.offerId) return;
    tracked.current = result;
    const line = result.cart?.items.find((l) => l.offerId === result.offerId);
    if (line) trackAdd(lineAnalytics(line, result.quantity ?? 1));
  }, [undo.data]);
  if (removal && !removal.ok && removal.message) {
    return (
      <p className="cart-notice cart-notice--error" role="alert">
        {removal.message}
      </p>
    );
  }
  if (!removal?.ok || !removal.offerId || !removal.quantity) return null;
  // Back in the cart (undone, or added again): nothing to undo.
  if (cart.items.some((l) => l.offerId === removal.offerId)) return null;
  const failed = undo.data && !undo.data.ok ? undo.data.message : null;
  const Undo = undo.Form;
  return (
    <div className="cart-notice" role="status">
      <p>
        {removedText(removal.title)}
        {failed && <span className="cart-notice__error"> {failed}</span>}
      </p>
      <Undo method="post" action={CART_PATH}>
        <input type="hidden" name="intent" value="undo" />
        <input type="hidden" name="offerId" value={removal.offerId} />
        <input type="hidden" name="quantity" value={removal.quantity} />
        {removal.title && <input type="hidden" name="title" value={removal.title} />}
        {removal.price && <input type="hidden" name="price" value={removal.price} />}
        <button type="submit" className="button button--quiet" disabled={undo.state !== 'idle'}>
          Вернуть
        </button>
      </Undo>
    </div>
  );
}
