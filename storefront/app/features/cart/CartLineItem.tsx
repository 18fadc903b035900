import { useEffect, useRef, useState } from 'react';
import { Link, useFetcher } from 'react-router';
import { trackAdd, trackRemove } from '../../lib/analytics';
import {
  CART_PATH,
  formatAttributes,
  lineAnalytics,
  productPath,
  REMOVE_FETCHER,
  type CartActionResult,
  type CartLine,
} from './cart';
import { formatMoney, quoted } from '../../lib/format';
import { Icon } from '../../ui/Icon';
import { Picture } from '../../ui/Picture';
import { PriceTag } from '../../ui/PriceTag';
import { QuantityStepper } from '../../ui/QuantityStepper';

const IMAGE = 96;

/**
 * One cart line: picture, title (to the product), characteristics, unit price (the base price struck through
 * when it is lower now), a quantity stepper (1 … stock), the line's total, remove. The line's own problem (gone,
 * off sale, short of stock) and a refused change are shown on it. Each form works without JavaScript.
 */
export function CartLineItem({ line, result }: { line: CartLine; result?: CartActionResult }) {
  const stepper = useFetcher<CartActionResult>({ key: `cart-line-${line.id}` });
  const remover = useFetcher<CartActionResult>({ key: REMOVE_FETCHER });
  const removing = remover.state !== 'idle' && remover.formData?.get('lineId') === String(line.id);
  // While a change is on its way the stepper shows what was asked for.
  const pending = stepper.formData ? requested(stepper.formData) : null;
  const quantity = pending ?? line.quantity;
  const [typed, setTyped] = useState(String(quantity));
  useEffect(() => setTyped(String(quantity)), [quantity]);
  const refusal = (stepper.data && !stepper.data.ok ? stepper.data.message : null) ?? result?.message ?? null;
  const max = Math.max(1, line.stock);
  const canChange = line.available && line.stock > 0;
  const attributes = formatAttributes(line.attributes);

  // Metrika: the pieces that left the cart (the whole line when removed).
  const tracked = useRef<CartActionResult | null>(null);
  useEffect(() => {
    const data = remover.data;
    if (!data?.ok || tracked.current === data || data.lineId !== line.id) return;
    tracked.current = data;
    trackRemove(lineAnalytics(line));
  }, [remover.data, line]);
  const lastQuantity = useRef(line.quantity);
  useEffect(() => {
    const change = line.quantity - lastQuantity.current;
    if (change < 0) trackRemove(lineAnalytics(line, -change));
    if (change > 0) trackAdd(lineAnalytics(line, change));
    lastQuantity.current = line.quantity;
  }, [line]);

  const submitTyped = () => {
    const n = Number(typed);
    if (!Number.isInteger(n) || n < 1 || n === line.quantity) {
      setTyped(String(line.quantity));
      return;
    }
    // More than in stock goes to the server all the same: its refusal says how many there are.
    void stepper.submit(
      { intent: 'update', lineId: String(line.id), quantity: String(n), step: '0' },
      { method: 'post', action: CART_PATH },
    );
  };

  const title = line.slug ? <Link to={productPath(line.slug)}>{line.title}</Link> : line.title;
  const problem = line.problem;
  return (
    <li
      className={`cart-line${removing ? ' cart-line--removing' : ''}${problem ? ' cart-line--problem' : ''}`}
      data-offer-id={line.offerId}
    >
      <div className="cart-line__media">
        {line.image ? (
          <Picture
            src={line.image}
            alt={[line.title, attributes].filter(Boolean).join(', ')}
            width={IMAGE}
            height={IMAGE}
            sizes={`${IMAGE}px`}
          />
        ) : (
          <span className="cart-line__no-image">Нет фото</span>
        )}
      </div>
      <div className="cart-line__info">
        <h2 className="cart-line__title">{title}</h2>
        {(attributes || line.article) && (
          <p className="cart-line__attrs">
            {attributes}
            {attributes && line.article ? ' · ' : ''}
            {line.article && <span>Арт. {line.article}</span>}
          </p>
        )}
        <PriceTag price={line.unitPrice} basePrice={line.basePrice} size="line" perUnit />
        {problem && (
          <p className="cart-line__problem">
            <Icon name="close" size={16} />
            {problem}
          </p>
        )}
        {refusal && (
          <p className="cart-line__error" role="alert">
            {refusal}
          </p>
        )}
      </div>
      <div className="cart-line__controls">
        {canChange ? (
          <QuantityStepper
            inputId={`qty-${line.id}`}
            value={typed}
            quantity={quantity}
            max={max}
            onInput={setTyped}
            onBlur={submitTyped}
            onEnter={submitTyped}
            frame={(className, parts) => (
              <stepper.Form
                method="post"
                action={CART_PATH}
                className={className}
                aria-label={`Количество: ${line.title}`}
              >
                <input type="hidden" name="intent" value="update" />
                <input type="hidden" name="lineId" value={line.id} />
                {/* The form's default button: Enter in the field sends the typed number as it is. */}
                <button
                  type="submit"
                  name="step"
                  value="0"
                  className="visually-hidden"
                  tabIndex={-1}
                  aria-hidden
                >
                  Сохранить количество
                </button>
                {parts}
              </stepper.Form>
            )}
          />
        ) : (
          <p className="cart-line__qty-fixed">{line.quantity} шт.</p>
        )}
        <p className="cart-line__total">
          <span className="visually-hidden">Сумма: </span>
          {formatMoney(line.total)}
        </p>
        <remover.Form method="post" action={CART_PATH} className="cart-line__remove">
          <input type="hidden" name="intent" value="remove" />
          <input type="hidden" name="lineId" value={line.id} />
          <input type="hidden" name="offerId" value={line.offerId} />
          <input type="hidden" name="quantity" value={line.quantity} />
          <input type="hidden" name="title" value={line.title} />
          <input type="hidden" name="price" value={line.unitPrice} />
          <button
            type="submit"
            className="cart-line__remove-button"
            aria-label={`Удалить ${quoted(line.title)} из корзины`}
            disabled={removing}
          >
            <Icon name="close" size={20} />
            <span className="cart-line__remove-label">Удалить</span>
          </button>
        </remover.Form>
      </div>
    </li>
  );
}

/** The quantity a stepper form asks for: the field's number plus the pressed button's step. */
function requested(form: FormData): number | null {
  const n = Number(form.get('quantity'));
  const step = Number(form.get('step') ?? 0);
  return Number.isInteger(n) && Number.isInteger(step) ? Math.max(1, n + step) : null;
}
