import type { ProductPage, ProductPageOffer } from '@shop/schemas';
import { useEffect, useId, useMemo, useState } from 'react';
import { formatDiscount, formatPrice } from '../../lib/format';
import {
  choose,
  chooserChips,
  findOffer,
  initialSelection,
  type Chip,
  type Selection,
} from '../../lib/variants';
import { AddToCartForm } from '../cart/AddToCartForm';
import { FavoriteButton } from '../FavoriteButton';
import { Icon } from '../Icon';

const MAX_QUANTITY = 999;

/**
 * The buying part of the product page (DESIGN.md "Variant chooser"): characteristic chips, the chosen
 * offer's article, price and stock updated at once, a quantity stepper, "В корзину" and, on phones, the
 * same button in a bar stuck to the bottom of the screen. "В корзину" is a form posting the chosen offer and
 * the stepper's quantity to /cart (components/cart/AddToCartForm): a fetcher with a confirmation toast, or a
 * plain post that opens the cart without JavaScript; the sticky bar's button submits the same form.
 */
export function ProductPurchase({
  product,
  initialOfferId,
}: {
  product: ProductPage;
  initialOfferId: number | null;
}) {
  const { options, offers } = product;
  const [selection, setSelection] = useState<Selection>(() => initialSelection(offers, initialOfferId));
  const groups = useMemo(() => chooserChips(options, offers, selection), [options, offers, selection]);
  const offer = findOffer(options, offers, selection);
  const [quantity, setQuantity] = useState(1);
  const formId = `${useId()}-cart`;
  const max = Math.max(1, Math.min(offer?.stock ?? 1, MAX_QUANTITY));

  // The chosen variant goes into the address (?offer=…), so a shared link opens on it.
  useEffect(() => {
    if (!offer || offers.length < 2) return;
    const url = new URL(window.location.href);
    if (url.searchParams.get('offer') === String(offer.id)) return;
    url.searchParams.set('offer', String(offer.id));
    window.history.replaceState(window.history.state, '', url);
  }, [offer, offers.length]);
  useEffect(() => setQuantity((q) => Math.min(q, max)), [max]);

  const pick = (code: string, chip: Chip) => {
    if (chip.state !== 'available' || chip.selected) return;
    setSelection((current) => choose(options, offers, current, code, chip.code));
  };

  return (
    <div className="purchase">
      {groups.length > 0 && (
        <div className="chooser">
          {groups.map(({ option, chips }) => {
            const chosen = chips.find((c) => c.selected);
            return (
              <fieldset key={option.code} className="chooser__group">
                <legend className="chooser__legend">
                  {option.title}: <strong>{chosen?.title ?? 'не выбран'}</strong>
                </legend>
                <div className="chooser__chips">
                  {chips.map((chip) => (
                    <button
                      key={chip.code}
                      type="button"
                      className={`variant-chip variant-chip--${chip.state}${chip.hex ? ' variant-chip--colour' : ''}`}
                      aria-pressed={chip.selected}
                      aria-disabled={chip.state !== 'available' || undefined}
                      title={
                        chip.state === 'soldout'
                          ? `${chip.title}: нет в наличии`
                          : chip.state === 'missing'
                            ? `${chip.title}: нет в таком сочетании`
                            : (chip.hint ?? undefined)
                      }
                      onClick={() => pick(option.code, chip)}
                    >
                      {chip.hex && (
                        <span
                          className="variant-chip__swatch"
                          style={{ background: chip.hex }}
                          aria-hidden="true"
                        />
                      )}
                      {chip.title}
                      {chip.state !== 'available' && (
                        <span className="visually-hidden">
                          {chip.state === 'soldout' ? ' — нет в наличии' : ' — нет в таком сочетании'}
                        </span>
                      )}
                    </button>
                  ))}
                </div>
                {chosen?.hint && <p className="chooser__hint">{chosen.hint}</p>}
              </fieldset>
            );
          })}
        </div>
      )}

      <BuyBox
        offer={offer}
        quantity={quantity}
        max={max}
        onQuantity={setQuantity}
        product={product}
        formId={formId}
      />
      <StickyBar offer={offer} formId={formId} />
    </div>
  );
}

/** The offer's price for this visitor (the API's, as in their cart), the base price struck through when higher. */
function Price({ offer, size = 'large' }: { offer: ProductPageOffer; size?: 'large' | 'small' }) {
  const onSale = offer.salePrice < offer.basePrice;
  return (
    <p className={`price price--${size}`}>
      <span className={onSale ? 'price__current price__current--sale' : 'price__current'}>
        {onSale && <span className="visually-hidden">Цена со скидкой: </span>}
        {formatPrice(offer.salePrice)}
      </span>
      {onSale && (
        <>
          <s className="price__old">
            <span className="visually-hidden">Цена без скидки: </span>
            {formatPrice(offer.basePrice)}
          </s>
          {offer.benefitPercent > 0 && (
            <span className="badge badge--sale price__badge">{formatDiscount(offer.benefitPercent)}</span>
          )}
        </>
      )}
    </p>
  );
}

function BuyBox({
  product,
  offer,
  quantity,
  max,
  onQuantity,
  formId,
}: {
  product: ProductPage;
  offer: ProductPageOffer | undefined;
  quantity: number;
  max: number;
  onQuantity: (q: number) => void;
  /** The add-to-cart form: the quantity field and the sticky bar's button belong to it. */
  formId: string;
}) {
  const id = useId();
  if (!offer) {
    return (
      <div className="buy-box">
        <p className="stock stock--out">Выберите вариант</p>
      </div>
    );
  }
  const set = (q: number) => onQuantity(Math.max(1, Math.min(max, Math.round(q) || 1)));
  return (
    <div className="buy-box" aria-live="polite">
      <Price offer={offer} />
      {offer.benefitPercent > 0 && (
        <p className="buy-box__benefit">Выгода {formatPrice(offer.basePrice - offer.salePrice)}</p>
      )}
      <dl className="buy-box__facts">
        <div>
          <dt>Артикул:</dt>
          <dd>{offer.article}</dd>
        </div>
      </dl>
      <p className={offer.inStock ? 'stock stock--in' : 'stock stock--out'}>
        {offer.inStock && <Icon name="check" size={18} />}
        {offer.inStock ? 'В наличии' : 'Нет в наличии'}
      </p>
      <div className="buy-box__actions">
        {offer.inStock && (
          <div className="stepper" role="group" aria-label="Количество">
            <button
              type="button"
              className="stepper__button"
              aria-label="Меньше"
              disabled={quantity <= 1}
              onClick={() => set(quantity - 1)}
            >
              −
            </button>
            <label htmlFor={`${id}-qty`} className="visually-hidden">
              Количество, шт.
            </label>
            <input
              id={`${id}-qty`}
              className="stepper__input"
              type="number"
              name="quantity"
              form={formId}
              inputMode="numeric"
              min={1}
              max={max}
              value={quantity}
              onChange={(e) => set(Number(e.currentTarget.value))}
            />
            <button
              type="button"
              className="stepper__button"
              aria-label="Больше"
              disabled={quantity >= max}
              onClick={() => set(quantity + 1)}
            >
              +
            </button>
          </div>
        )}
        {offer.inStock ? (
          <AddToCartForm
            key={offer.id}
            id={formId}
            offerId={offer.id}
            title={product.title}
            price={offer.salePrice}
            className="buy-box__cart"
          >
            {({ busy }) => (
              <button
                type="submit"
                className="button button--primary"
                disabled={busy}
                data-offer-id={offer.id}
                data-quantity={quantity}
              >
                <Icon name="cart" size={20} />В корзину
              </button>
            )}
          </AddToCartForm>
        ) : (
          <button type="button" className="button button--primary buy-box__cart" disabled>
            Нет в наличии
          </button>
        )}
        <FavoriteButton
          productId={product.id}
          title={product.title}
          withLabel
          className="buy-box__favorite"
        />
      </div>
    </div>
  );
}

/** Phones: the price and "В корзину" stay at the bottom of the screen while the page scrolls. */
function StickyBar({ offer, formId }: { offer: ProductPageOffer | undefined; formId: string }) {
  if (!offer) return null;
  return (
    <div className="sticky-buy" aria-hidden="true">
      <Price offer={offer} size="small" />
      <button
        type={offer.inStock ? 'submit' : 'button'}
        form={offer.inStock ? formId : undefined}
        className="button button--primary"
        disabled={!offer.inStock}
        tabIndex={-1}
      >
        {offer.inStock ? 'В корзину' : 'Нет в наличии'}
      </button>
    </div>
  );
}
