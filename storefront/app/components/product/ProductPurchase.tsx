import type { ProductPage, ProductPageOffer } from '@shop/schemas';
import { useEffect, useId, useMemo, useState } from 'react';
import { formatPrice } from '../../lib/format';
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
import { PriceTag } from '../PriceTag';
import { QuantityStepper } from '../QuantityStepper';

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
      <PriceTag
        price={offer.salePrice}
        basePrice={offer.basePrice}
        size="page"
        discountPercent={offer.benefitPercent}
      />
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
          <QuantityStepper
            inputId={`${id}-qty`}
            value={quantity}
            quantity={quantity}
            max={max}
            form={formId}
            onInput={(value) => set(Number(value))}
            onStep={(step) => set(quantity + step)}
          />
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
    <div className="sticky-bar sticky-buy" aria-hidden="true">
      {/* The bar is one line: the discount badge stays in the buy box. */}
      <PriceTag price={offer.salePrice} basePrice={offer.basePrice} size="bar" />
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
