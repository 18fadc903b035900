import type { ProductPage, ProductPageOffer } from '@shop/schemas';
import { useCallback, useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { formatMoney } from '../../lib/format';
import { useHydrated } from '../../lib/hydrated';
import {
  choose,
  chooserChips,
  choosePrompt,
  findOffer,
  initialSelection,
  notChosen,
  offerValues,
  offersMatching,
  variantLabel,
  type Chip,
  type Selection,
} from './variants';
import { AddToCartForm } from '../cart';
import { FavoriteButton } from '../catalog';
import { Icon } from '../../ui/Icon';
import { PriceTag } from '../../ui/PriceTag';
import { QuantityStepper } from '../../ui/QuantityStepper';
import { StickyBar } from '../../ui/StickyBar';
import { NOTIFY_LABEL } from '../feedback';
import { deferred } from '../../lib/deferred';

// The points a variant brings back, and for a sold-out one the sizes in stock nearest to it and «Сообщить о
// поступлении» with its dialog: rendered on the server, their code fetched after the page (issue 28's budget).
const OfferNotes = deferred(() => import('./OfferNotes').then((m) => m.OfferNotes));

const MAX_QUANTITY = 999;

/** The most of an offer one can put in the cart from the page. */
const maxOf = (offer: ProductPageOffer | undefined) => Math.max(1, Math.min(offer?.stock ?? 1, MAX_QUANTITY));

/** «Доступно только 3 шт., количество уменьшено»: said next to the stepper, never done silently. */
export const lowered = (max: number) => `Доступно только ${max} шт., количество уменьшено`;

/**
 * The buying part of the product page (DESIGN.md "Variant chooser"): characteristic chips, the chosen
 * offer's article, price and stock updated at once, a quantity stepper, "В корзину" and, on phones, the
 * same button in a bar stuck to the bottom of the screen. "В корзину" is a form posting the chosen offer and
 * the stepper's quantity to /cart (features/cart/AddToCartForm): a fetcher with a toast naming the variant,
 * or a plain post that opens the cart without JavaScript; the sticky bar's button submits the same form.
 *
 * Of several variants none is chosen for the visitor (features/product/variants.ts), unless a link named one (?offer=…).
 * Until every characteristic is chosen, «В корзину» (the buy box's and the sticky bar's) adds nothing: it
 * brings the chooser into view, focuses the first characteristic still to choose and says which are left
 * («Выберите толщину и длину»). The price meanwhile is the lowest of the variants still possible («от …»).
 *
 * A sold-out variant can be chosen too (its chip is struck through): its price and article show, and
 * «Сообщить о поступлении» takes the place of "В корзину", with the nearest sizes in stock (OfferNotes).
 * When every variant is sold out the block says so first.
 */
export function ProductPurchase({
  product,
  initialOfferId,
}: {
  product: ProductPage;
  initialOfferId: number | null;
}) {
  const { options, offers } = product;
  const [selection, setSelection] = useState<Selection>(() =>
    initialSelection(options, offers, initialOfferId),
  );
  const groups = useMemo(() => chooserChips(options, offers, selection), [options, offers, selection]);
  const offer = findOffer(options, offers, selection);
  const [quantity, setQuantity] = useState(1);
  const [quantityNote, setQuantityNote] = useState<string | null>(null);
  /** Presses of the sticky bar's «Сообщить о поступлении»: OfferNotes asks for each. */
  const [notifyAsked, setNotifyAsked] = useState(0);
  const formId = `${useId()}-cart`;
  const max = maxOf(offer);
  const allSoldOut = offers.length > 0 && offers.every((o) => !o.inStock);
  const unchosen = groups.filter((g) => !g.chips.some((c) => c.selected));
  /** Set by «В корзину» pressed before the variant is chosen: the chooser then says what is left. */
  const [asked, setAsked] = useState(false);
  const chooser = useRef<HTMLDivElement>(null);
  const hydrated = useHydrated();

  // The chosen variant goes into the address (?offer=…), so a shared link opens on it; a link to a variant
  // no longer chosen would open on one the visitor left, so it goes.
  useEffect(() => {
    if (offers.length < 2) return;
    const url = new URL(window.location.href);
    const wanted = offer ? String(offer.id) : null;
    if (url.searchParams.get('offer') === wanted) return;
    if (wanted) url.searchParams.set('offer', wanted);
    else url.searchParams.delete('offer');
    window.history.replaceState(window.history.state, '', url);
  }, [offer, offers.length]);

  /** «В корзину» before the variant is chosen: the chooser comes into view and says what to choose. */
  const askToChoose = () => {
    setAsked(true);
    const box = chooser.current;
    if (!box) return;
    const still = box.querySelector<HTMLElement>('.chooser__group[data-chosen="false"]');
    const calm = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    box.scrollIntoView?.({ behavior: calm ? 'auto' : 'smooth', block: 'start' });
    // Keyboard and screen reader users land on the characteristic to choose («Толщина: не выбрана»).
    still?.focus({ preventScroll: true });
  };

  /** Moves to a selection; a quantity above the new variant's stock comes down, saying so. */
  const select = (next: Selection) => {
    setSelection(next);
    const nextOffer = findOffer(options, offers, next);
    const nextMax = maxOf(nextOffer);
    if (nextOffer?.inStock && quantity > nextMax) {
      setQuantity(nextMax);
      setQuantityNote(lowered(nextMax));
    } else setQuantityNote(null);
  };
  const pick = (code: string, chip: Chip) => {
    if (chip.state === 'missing' || chip.selected) return;
    select(choose(options, offers, selection, code, chip.code));
  };
  // A size in stock offered instead of a sold-out one, chosen whole. The same function on every render (the
  // notes are a deferred part: new props before their code arrives would redraw them), calling the latest select.
  const latestSelect = useRef(select);
  useEffect(() => {
    latestSelect.current = select;
  });
  const chooseOffer = useCallback((o: ProductPageOffer) => latestSelect.current(offerValues(o)), []);
  const changeQuantity = (q: number) => {
    setQuantity(q);
    setQuantityNote(null);
  };
  const notify = offer && !offer.inStock ? () => setNotifyAsked((n) => n + 1) : undefined;

  return (
    // data-hydrated: the chips and «В корзину» work from here on (the browser tests wait for it).
    <div className="purchase" data-hydrated={hydrated || undefined}>
      {allSoldOut && (
        <div className="soldout-banner" role="status">
          <p className="soldout-banner__title">Нет в наличии</p>
          <p className="soldout-banner__text">
            Все варианты закончились. Сообщим, когда товар появится, а пока посмотрите похожие товары в
            наличии.
          </p>
        </div>
      )}
      {groups.length > 0 && (
        <div className="chooser" ref={chooser}>
          {asked && unchosen.length > 0 && (
            <p className="chooser__prompt" role="alert">
              {choosePrompt(unchosen.map((g) => g.option.title))}
            </p>
          )}
          {groups.map(({ option, chips }) => {
            const chosen = chips.find((c) => c.selected);
            return (
              <fieldset
                key={option.code}
                className={asked && !chosen ? 'chooser__group chooser__group--unchosen' : 'chooser__group'}
                data-chosen={Boolean(chosen)}
                tabIndex={-1}
              >
                <legend className="chooser__legend">
                  {option.title}: <strong>{chosen?.title ?? notChosen(option.title)}</strong>
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
        fromPrice={fromPrice(offersMatching(offers, selection))}
        onChoose={askToChoose}
        quantity={quantity}
        quantityNote={quantityNote}
        max={max}
        onQuantity={changeQuantity}
        product={product}
        formId={formId}
        notes={
          offer && (
            <OfferNotes
              product={product}
              offer={offer}
              quantity={quantity}
              onChoose={chooseOffer}
              notifyAsked={notifyAsked}
            />
          )
        }
      />
      <ProductStickyBar
        offer={offer}
        fromPrice={fromPrice(offersMatching(offers, selection))}
        formId={formId}
        onNotify={notify}
        onChoose={askToChoose}
      />
    </div>
  );
}

/** The price while the variant is not chosen yet: the lowest of those still possible, «от» when they differ. */
interface FromPrice {
  price: number;
  basePrice: number;
  from: boolean;
}

function fromPrice(candidates: readonly ProductPageOffer[]): FromPrice | null {
  const lowest = candidates.reduce<ProductPageOffer | null>(
    (low, o) => (!low || o.salePrice < low.salePrice ? o : low),
    null,
  );
  if (!lowest) return null;
  return {
    price: lowest.salePrice,
    basePrice: lowest.basePrice,
    from: candidates.some((o) => o.salePrice !== lowest.salePrice),
  };
}

/** «В корзину» while the variant is not chosen: it asks for the choice instead of adding anything. */
function ChooseFirstButton({ onChoose, tabIndex }: { onChoose: () => void; tabIndex?: number }) {
  return (
    <button type="button" className="button button--primary" onClick={onChoose} tabIndex={tabIndex}>
      {tabIndex === undefined && <Icon name="cart" size={20} />}В корзину
    </button>
  );
}

function BuyBox({
  product,
  offer,
  fromPrice: from,
  onChoose,
  quantity,
  quantityNote,
  max,
  onQuantity,
  formId,
  notes,
}: {
  product: ProductPage;
  offer: ProductPageOffer | undefined;
  /** The price shown until the variant is chosen. */
  fromPrice: FromPrice | null;
  /** «В корзину» pressed before the variant is chosen. */
  onChoose: () => void;
  quantity: number;
  quantityNote: string | null;
  max: number;
  onQuantity: (q: number) => void;
  /** The add-to-cart form: the quantity field and the sticky bar's button belong to it. */
  formId: string;
  /** What the chosen variant brings back, or for a sold-out one what to do instead (OfferNotes). */
  notes: ReactNode;
}) {
  const id = useId();
  if (!offer) {
    return (
      <div className="buy-box">
        {from && <PriceTag price={from.price} basePrice={from.basePrice} from={from.from} size="page" />}
        <div className="buy-box__actions">
          <div className="buy-box__cart">
            <ChooseFirstButton onChoose={onChoose} />
          </div>
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
      {notes}
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
        {offer.inStock && (
          <AddToCartForm
            key={offer.id}
            id={formId}
            offerId={offer.id}
            title={product.title}
            variant={variantLabel(offer) || null}
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
        )}
        <FavoriteButton
          productId={product.id}
          offerId={product.offers.length > 1 ? offer.id : undefined}
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
  fromPrice: from,
  formId,
  onNotify,
  onChoose,
}: {
  offer: ProductPageOffer | undefined;
  fromPrice: FromPrice | null;
  formId: string;
  onNotify?: () => void;
  onChoose: () => void;
}) {
  if (!offer)
    return (
      from && (
        <StickyBar className="sticky-buy">
          <PriceTag price={from.price} basePrice={from.basePrice} from={from.from} size="bar" />
          <ChooseFirstButton onChoose={onChoose} tabIndex={-1} />
        </StickyBar>
      )
    );
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
