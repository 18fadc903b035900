import type { ProductPage, ProductPageOffer } from '@shop/schemas';
import { useEffect, useId, useMemo, useState } from 'react';
import { formatMoney } from '../../lib/format';
import {
  choose,
  chooserChips,
  findOffer,
  initialSelection,
  variantLabel,
  type Chip,
  type Selection,
} from '../../lib/variants';
import { AddToCartForm } from '../cart/AddToCartForm';
import { FavoriteButton } from '../FavoriteButton';
import { Icon } from '../Icon';
import { PriceTag } from '../PriceTag';
import { QuantityStepper } from '../QuantityStepper';
import { StickyBar } from '../StickyBar';
import { NOTIFY_LABEL, StockNoticeDialog } from './StockNoticeDialog';

const MAX_QUANTITY = 999;

/** The most of an offer one can put in the cart from the page. */
const maxOf = (offer: ProductPageOffer | undefined) => Math.max(1, Math.min(offer?.stock ?? 1, MAX_QUANTITY));

/** «Доступно только 3 шт., количество уменьшено»: said next to the stepper, never done silently. */
export const lowered = (max: number) => `Доступно только ${max} шт., количество уменьшено`;

/**
 * The buying part of the product page (DESIGN.md "Variant chooser"): characteristic chips, the chosen
 * offer's article, price and stock updated at once, a quantity stepper, "В корзину" and, on phones, the
 * same button in a bar stuck to the bottom of the screen. "В корзину" is a form posting the chosen offer and
 * the stepper's quantity to /cart (components/cart/AddToCartForm): a fetcher with a confirmation toast, or a
 * plain post that opens the cart without JavaScript; the sticky bar's button submits the same form.
 *
 * A sold-out variant can be chosen too (its chip is struck through): its price and article show, and
 * «Сообщить о поступлении» takes the place of "В корзину" (StockNoticeDialog). When every variant is sold
 * out the block says so first.
 */
export function ProductPurchase({
  product,
  initialOfferId,
  email = null,
}: {
  product: ProductPage;
  initialOfferId: number | null;
  /** A signed-in shopper's e-mail, filled into «Сообщить о поступлении». */
  email?: string | null;
}) {
  const { options, offers } = product;
  const [selection, setSelection] = useState<Selection>(() => initialSelection(offers, initialOfferId));
  const groups = useMemo(() => chooserChips(options, offers, selection), [options, offers, selection]);
  const offer = findOffer(options, offers, selection);
  const [quantity, setQuantity] = useState(1);
  const [quantityNote, setQuantityNote] = useState<string | null>(null);
  const [notifyOpen, setNotifyOpen] = useState(false);
  /** The promise of a sent request, per offer: «Напишем на …». */
  const [promised, setPromised] = useState<Record<number, string>>({});
  const formId = `${useId()}-cart`;
  const max = maxOf(offer);
  const allSoldOut = offers.length > 0 && offers.every((o) => !o.inStock);

  // The chosen variant goes into the address (?offer=…), so a shared link opens on it.
  useEffect(() => {
    if (!offer || offers.length < 2) return;
    const url = new URL(window.location.href);
    if (url.searchParams.get('offer') === String(offer.id)) return;
    url.searchParams.set('offer', String(offer.id));
    window.history.replaceState(window.history.state, '', url);
  }, [offer, offers.length]);

  const pick = (code: string, chip: Chip) => {
    if (chip.state === 'missing' || chip.selected) return;
    const next = choose(options, offers, selection, code, chip.code);
    setSelection(next);
    const nextOffer = findOffer(options, offers, next);
    const nextMax = maxOf(nextOffer);
    if (nextOffer?.inStock && quantity > nextMax) {
      setQuantity(nextMax);
      setQuantityNote(lowered(nextMax));
    } else setQuantityNote(null);
  };
  const changeQuantity = (q: number) => {
    setQuantity(q);
    setQuantityNote(null);
  };
  const notify = offer && !offer.inStock ? () => setNotifyOpen(true) : undefined;

  return (
    <div className="purchase">
      {allSoldOut && (
        <div className="soldout-banner" role="status">
          <p className="soldout-banner__title">Нет в наличии</p>
          <p className="soldout-banner__text">
            Все варианты закончились. Оставьте e-mail или телефон — сообщим, когда товар появится, а пока
            посмотрите похожие товары в наличии.
          </p>
          {offer && promised[offer.id] ? (
            <p className="soldout-banner__promise">
              <Icon name="check" size={18} />
              {promised[offer.id]}
            </p>
          ) : (
            notify && (
              <button type="button" className="button button--primary notify-button" onClick={notify}>
                {NOTIFY_LABEL}
              </button>
            )
          )}
        </div>
      )}
      {groups.length > 0 && (
        <div className="chooser">
          {groups.map(({ option, chips }) => {
            const chosen = chips.find((c) => c.selected);
            return (
              <fieldset key={option.code} className="chooser__group">
                <legend className="chooser__legend">
                  {option.title}: <strong>{chosen?.title ?? 'не выбран'}</strong>
                  {chosen?.state === 'soldout' && <span className="chooser__soldout"> — нет в наличии</span>}
                </legend>
                <div className="chooser__chips">
                  {chips.map((chip) => (
                    <button
                      key={chip.code}
                      type="button"
                      className={`variant-chip variant-chip--${chip.state}${chip.hex ? ' variant-chip--colour' : ''}`}
                      aria-pressed={chip.selected}
                      aria-disabled={chip.state === 'missing' || undefined}
                      title={
                        chip.state === 'soldout'
                          ? `${chip.title}: нет в наличии — можно выбрать и подписаться на поступление`
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
        quantityNote={quantityNote}
        max={max}
        onQuantity={changeQuantity}
        product={product}
        formId={formId}
        // The banner above has the button when everything is sold out.
        onNotify={allSoldOut ? undefined : notify}
        promise={offer && !allSoldOut ? promised[offer.id] : undefined}
      />
      <ProductStickyBar offer={offer} formId={formId} onNotify={notify} />
      {offer && !offer.inStock && (
        <StockNoticeDialog
          key={offer.id}
          open={notifyOpen}
          onClose={() => setNotifyOpen(false)}
          offerId={offer.id}
          productTitle={product.title}
          variant={variantLabel(offer)}
          article={offer.article}
          email={email}
          onSent={(text) => setPromised((p) => ({ ...p, [offer.id]: text }))}
        />
      )}
    </div>
  );
}

function BuyBox({
  product,
  offer,
  quantity,
  quantityNote,
  max,
  onQuantity,
  formId,
  onNotify,
  promise,
}: {
  product: ProductPage;
  offer: ProductPageOffer | undefined;
  quantity: number;
  quantityNote: string | null;
  max: number;
  onQuantity: (q: number) => void;
  /** The add-to-cart form: the quantity field and the sticky bar's button belong to it. */
  formId: string;
  /** Opens «Сообщить о поступлении» (a sold-out variant, when the banner above does not have the button). */
  onNotify?: () => void;
  /** «Напишем на …» once the request for this variant is sent. */
  promise?: string;
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
        <p className="buy-box__benefit">Выгода {formatMoney(offer.basePrice - offer.salePrice)}</p>
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
      {offer.inStock && quantityNote && (
        <p className="buy-box__note" role="status">
          {quantityNote}
        </p>
      )}
      {promise && (
        <p className="buy-box__promise">
          <Icon name="check" size={18} />
          {promise}
        </p>
      )}
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
          onNotify &&
          !promise && (
            <div className="buy-box__cart">
              <button type="button" className="button button--primary notify-button" onClick={onNotify}>
                {NOTIFY_LABEL}
              </button>
            </div>
          )
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

/** Phones: the price and "В корзину" (or «Сообщить о поступлении») stay at the bottom of the screen. */
function ProductStickyBar({
  offer,
  formId,
  onNotify,
}: {
  offer: ProductPageOffer | undefined;
  formId: string;
  onNotify?: () => void;
}) {
  if (!offer) return null;
  return (
    <StickyBar className="sticky-buy">
      {/* The bar is one line: the discount badge stays in the buy box. */}
      <PriceTag price={offer.salePrice} basePrice={offer.basePrice} size="bar" />
      {offer.inStock ? (
        <button type="submit" form={formId} className="button button--primary" tabIndex={-1}>
          В корзину
        </button>
      ) : (
        <button
          type="button"
          className="button button--primary"
          disabled={!onNotify}
          onClick={onNotify}
          tabIndex={-1}
        >
          {onNotify ? NOTIFY_LABEL : 'Нет в наличии'}
        </button>
      )}
    </StickyBar>
  );
}
