import type { ProductPage, ProductPageOffer } from '@shop/schemas';
import { Suspense, lazy, useEffect, useRef, useState } from 'react';
import { useAuth } from '../../lib/auth';
import { useHydrated } from '../../lib/hydrated';
import { apiErrorMessage, useApi } from '../../lib/browser-api';
import { Icon } from '../../ui/Icon';
import { NOTIFY_LABEL, loadStockNoticeDialog, noticePromise } from '../feedback';
import { nearestSizes } from './nearest-sizes';
import { pointsText, usePointsFor } from './points';
import { variantLabel } from '../../lib/offer-attributes';
import './offer-notes.css';

// Fetched when a guest first asks: a signed-in customer never needs the form.
const StockNoticeDialog = lazy(() => loadStockNoticeDialog().then((m) => ({ default: m.StockNoticeDialog })));

export interface OfferNotesProps {
  product: ProductPage;
  offer: ProductPageOffer;
  quantity: number;
  /** Chooses another variant (a size in stock offered instead of a sold-out one). */
  onChoose: (offer: ProductPageOffer) => void;
  /** Counts the sticky bar's «Сообщить о поступлении»: each new value asks as the button here does. */
  notifyAsked: number;
}

/**
 * What the buy box says about the chosen variant, after the page (lib/deferred: not in its first download):
 * in stock, the points it brings back («Вернётся баллами: +62 балла»); sold out, the nearest sizes in stock as
 * one-tap choices and «Сообщить о поступлении» — one tap for a signed-in customer (the account's e-mail),
 * the form with a captcha for a guest.
 */
export function OfferNotes(props: OfferNotesProps) {
  return props.offer.inStock ? <OfferPoints {...props} /> : <SoldOutHelp {...props} />;
}

function OfferPoints({ offer, quantity }: OfferNotesProps) {
  const points = usePointsFor()(offer.salePrice * quantity);
  if (!points) return null;
  return (
    <p className="offer-points">
      Вернётся баллами: <strong>{pointsText(points)}</strong>
    </p>
  );
}

function SoldOutHelp({ product, offer, onChoose, notifyAsked }: OfferNotesProps) {
  const api = useApi();
  const { status, user } = useAuth();
  /** A signed-in customer's e-mail: the one tap writes there. */
  const email = status === 'authenticated' ? (user?.email ?? null) : null;
  const near = nearestSizes(product.options, product.offers, offer);
  /** The promise of a stored request, per variant: «Напишем на …». */
  const [promised, setPromised] = useState<Record<number, string>>({});
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [dialog, setDialog] = useState<'closed' | 'open' | 'used'>('closed');
  const hydrated = useHydrated();

  const notify = async () => {
    if (!email) return setDialog('open');
    setSending(true);
    setFailure(null);
    try {
      const stored = await api.profile.notifyStock({ offerId: offer.id });
      setPromised((p) => ({ ...p, [offer.id]: noticePromise(stored.email ?? email, '') }));
    } catch (error) {
      setFailure(apiErrorMessage(error));
    } finally {
      setSending(false);
    }
  };
  // The sticky bar's button asks too.
  const asked = useRef(notifyAsked);
  useEffect(() => {
    if (notifyAsked === asked.current) return;
    asked.current = notifyAsked;
    void notify();
  });
  useEffect(() => setFailure(null), [offer.id]);

  const promise = promised[offer.id];
  return (
    // data-hydrated: its buttons work from here on (the browser tests wait for it).
    <div className="soldout-help" data-hydrated={hydrated || undefined}>
      {near.length > 0 && (
        <div className="soldout-help__near">
          <p className="soldout-help__title">Есть в наличии рядом:</p>
          <ul className="soldout-help__sizes">
            {near.map((size) => (
              <li key={size.offer.id}>
                <button
                  type="button"
                  className="variant-chip soldout-help__size"
                  aria-label={`Выбрать ${variantLabel(size.offer)}, в наличии`}
                  onClick={() => onChoose(size.offer)}
                >
                  {size.label}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
      {promise ? (
        <p className="buy-box__promise" role="status">
          <Icon name="check" size={18} />
          {promise}
        </p>
      ) : (
        <button
          type="button"
          className="button button--primary notify-button"
          disabled={sending}
          onClick={() => void notify()}
        >
          {NOTIFY_LABEL}
        </button>
      )}
      {email && !promise && <p className="soldout-help__how">Письмо придёт на {email}</p>}
      {failure && (
        <p className="soldout-help__failure" role="alert">
          {failure}
        </p>
      )}
      {dialog !== 'closed' && (
        <Suspense fallback={null}>
          <StockNoticeDialog
            key={offer.id}
            open={dialog === 'open'}
            onClose={() => setDialog('used')}
            offerId={offer.id}
            productTitle={product.title}
            variant={variantLabel(offer)}
            article={offer.article}
            email={null}
            onSent={(text) => setPromised((p) => ({ ...p, [offer.id]: text }))}
          />
        </Suspense>
      )}
    </div>
  );
}
