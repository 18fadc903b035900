import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { plural } from '../../lib/format';
import { useHydrated } from '../../lib/hydrated';
import { filterPickupPoints } from './delivery-search';
import type { PickupPoint } from './delivery-types';
import { PickupMap } from './PickupMap';
import './delivery-pickers.css';

export const NO_POINTS = 'В этом городе нет пунктов выдачи этой службы: выберите другой город или доставку.';
export const NO_POINTS_FOUND = 'Ничего не нашли: попробуйте улицу или код пункта';

export interface PickupPointPickerProps {
  points: readonly PickupPoint[];
  selectedCode: string | null;
  onSelect: (code: string) => void;
  /** The Yandex Maps key from the settings; without it the list is shown alone and no map script loads. */
  mapsApiKey: string | null;
  /** The radios' name, the form field (default deliveryPickupPoint); also the list's id, to focus on an error. */
  name?: string;
  error?: string;
  /** The city's points are on their way: placeholders instead of the list. */
  loading?: boolean;
}

const POINTS = ['пункт', 'пункта', 'пунктов'] as const;

/**
 * The pickup point: a list of radio cards (the form sends the chosen code without JavaScript too) with a
 * search over street, name and code, and, with a maps key, the same points on a map above the list on a
 * phone and beside it on a wide screen. The map mirrors the list: either one chooses.
 */
export function PickupPointPicker({
  points,
  selectedCode,
  onSelect,
  mapsApiKey,
  name = 'deliveryPickupPoint',
  error,
  loading = false,
}: PickupPointPickerProps) {
  const hydrated = useHydrated();
  const id = useId();
  const searchId = `${id}-search`;
  const countId = `${id}-count`;
  const errorId = `${id}-error`;
  const [query, setQuery] = useState('');
  const shown = useMemo(() => filterPickupPoints(points, query, selectedCode), [points, query, selectedCode]);

  // A point clicked on the map: its card is brought into view within the list (not the page: on a phone the
  // map is above the list, and the customer is looking at the map).
  const listRef = useRef<HTMLDivElement>(null);
  const revealCode = useRef<string | null>(null);
  const pickOnMap = (code: string) => {
    revealCode.current = code;
    onSelect(code);
  };
  useEffect(() => {
    const list = listRef.current;
    if (!list || !selectedCode || revealCode.current !== selectedCode) return;
    revealCode.current = null;
    const card = Array.from(list.querySelectorAll<HTMLElement>('[data-code]')).find(
      (element) => element.dataset.code === selectedCode,
    );
    if (card) scrollWithin(list, card);
  }, [selectedCode]);

  const total = points.length;
  const countText = loading
    ? 'Загружаем пункты выдачи…'
    : query.trim()
      ? `Нашли ${shown.length} из ${total}`
      : `${total} ${plural(total, POINTS)} выдачи`;

  return (
    <div className={`pickup-picker${mapsApiKey ? ' pickup-picker--with-map' : ''}`}>
      {mapsApiKey && (
        <PickupMap apiKey={mapsApiKey} points={points} selectedCode={selectedCode} onPick={pickOnMap} />
      )}
      <div className="pickup-picker__side">
        <div className="pickup-picker__search">
          <label htmlFor={searchId} className="visually-hidden">
            Найти пункт выдачи
          </label>
          <input
            id={searchId}
            type="search"
            className="pickup-picker__search-input"
            placeholder="Улица, метро или код пункта"
            autoComplete="off"
            enterKeyHint="search"
            maxLength={100}
            // Filtering needs the page's script; until it runs the list is all there is.
            disabled={!hydrated || (loading && total === 0)}
            value={query}
            aria-controls={name}
            aria-describedby={countId}
            onChange={(event) => setQuery(event.target.value)}
            onKeyDown={(event) => {
              // Enter in the search filters; it must not send the checkout.
              if (event.key === 'Enter') event.preventDefault();
            }}
          />
        </div>
        <p id={countId} className="pickup-picker__count" aria-live="polite">
          {countText}
        </p>
        {error && (
          <p id={errorId} className="checkout-section__error">
            {error}
          </p>
        )}
        <div
          ref={listRef}
          id={name}
          role="radiogroup"
          aria-label="Пункты выдачи"
          aria-describedby={error ? errorId : undefined}
          aria-invalid={error ? true : undefined}
          aria-busy={loading || undefined}
          tabIndex={-1}
          className="pickup-picker__list"
        >
          {loading && total === 0
            ? [0, 1, 2].map((n) => <div key={n} className="pickup-point-skeleton" aria-hidden="true" />)
            : shown.map((point) => (
                <PointCard
                  key={point.code}
                  point={point}
                  name={name}
                  chosen={point.code === selectedCode}
                  onSelect={onSelect}
                />
              ))}
        </div>
        {!loading && total === 0 && <p className="pickup-picker__empty">{NO_POINTS}</p>}
        {total > 0 && shown.length === 0 && (
          <p className="pickup-picker__empty">
            {NO_POINTS_FOUND}{' '}
            <button type="button" className="pickup-picker__reset" onClick={() => setQuery('')}>
              Показать все
            </button>
          </p>
        )}
      </div>
    </div>
  );
}

interface PointCardProps {
  point: PickupPoint;
  name: string;
  chosen: boolean;
  onSelect: (code: string) => void;
}

function PointCard({ point, name, chosen, onSelect }: PointCardProps) {
  return (
    <label className={`choice pickup-point${chosen ? ' pickup-point--chosen' : ''}`} data-code={point.code}>
      <input
        type="radio"
        name={name}
        value={point.code}
        className="choice__input"
        checked={chosen}
        onChange={() => onSelect(point.code)}
      />
      <span className="choice__body">
        <span className="choice__head">
          <span className="choice__title">{point.name}</span>
          {point.type === 'POSTAMAT' && <span className="pickup-point__badge">Постамат</span>}
        </span>
        <span className="choice__terms">{point.address}</span>
        {point.workTime && <span className="choice__text">{point.workTime}</span>}
        <span className="pickup-point__extra">
          {point.paymentOnDelivery && <span className="pickup-point__pay">Оплата при получении</span>}
          <span className="pickup-point__code">Код {point.code}</span>
        </span>
      </span>
    </label>
  );
}

/** Scrolls the list, and only the list, so that the card is inside its visible part. */
function scrollWithin(list: HTMLElement, card: HTMLElement) {
  const box = list.getBoundingClientRect();
  const item = card.getBoundingClientRect();
  if (item.top < box.top) list.scrollTop -= box.top - item.top + 8;
  else if (item.bottom > box.bottom) list.scrollTop += item.bottom - box.bottom + 8;
}
