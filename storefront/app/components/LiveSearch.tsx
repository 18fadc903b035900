import type { SearchProduct } from '@shop/schemas';
import { useQuery } from '@tanstack/react-query';
import {
  useEffect,
  useId,
  useRef,
  useState,
  type FormEvent,
  type KeyboardEvent,
  type RefObject,
} from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useAuth } from '../lib/auth';
import { useApi } from '../lib/browser-api';
import { formatDiscount, formatPrice, plural } from '../lib/format';
import { Icon } from './Icon';
import './live-search.css';

/** Spec §4, §9: results appear 500 ms after typing stops; the first 7 are shown. */
export const SEARCH_DEBOUNCE_MS = 500;
export const SEARCH_PAGE_SIZE = 7;
export const NOTHING_FOUND = 'Сожалеем, но ничего не найдено';

/** The search page's address; the spec names its parameter "qwery". */
export function searchPageUrl(text: string): string {
  return `/search?${new URLSearchParams({ qwery: text.trim() }).toString()}`;
}

/** The value, once it has stayed the same for `delay` ms. */
export function useDebouncedValue<T>(value: T, delay: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), delay);
    return () => window.clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

const goods = ['товар', 'товара', 'товаров'] as const;

interface LiveSearchProps {
  /** Focus the field when it appears (the mobile search panel). */
  autoFocus?: boolean;
  /** Called after the visitor picked a result or went to the search page (closes the mobile panel). */
  onDone?: () => void;
  inputRef?: RefObject<HTMLInputElement | null>;
}

/**
 * The header's live product search (spec §2, §4). Typing shows the first 7 matches under the field (photo,
 * title, price with the old price and the discount), a skeleton while they load, and "Сожалеем, но ничего не
 * найдено" when there are none. Enter opens the search page (/search?qwery=…); ↓ and ↑ move through the
 * results, Escape closes them; a click elsewhere closes them too. Without JavaScript the form still submits
 * to the search page.
 */
export function LiveSearch({ autoFocus, onDone, inputRef: outerInputRef }: LiveSearchProps) {
  const api = useApi();
  const navigate = useNavigate();
  const location = useLocation();
  const id = useId();
  const panelId = `${id}-results`;
  const rootRef = useRef<HTMLFormElement>(null);
  const ownInputRef = useRef<HTMLInputElement>(null);
  const inputRef = outerInputRef ?? ownInputRef;

  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  // Escape returns the focus to the field without opening the results again.
  const keepClosedOnFocus = useRef(false);
  const trimmed = text.trim();
  const settled = useDebouncedValue(trimmed, SEARCH_DEBOUNCE_MS);

  // The prices are the visitor's own (their type's discount): results kept from before a sign-in or a
  // sign-out are not shown to the new session.
  const { user, group } = useAuth();
  const viewer = user ? `${user.id}:${group ?? ''}` : null;
  const query = useQuery({
    queryKey: ['live-search', viewer, settled],
    queryFn: () => api.catalog.searchProducts({ search: settled, perPage: SEARCH_PAGE_SIZE, page: 1 }),
    // Spec §5: search runs only for non-empty text.
    enabled: settled.length > 0,
    staleTime: 60_000,
    retry: 1,
  });

  // On the search page the field shows the query; any navigation closes the results.
  useEffect(() => {
    setOpen(false);
    if (location.pathname === '/search') setText(new URLSearchParams(location.search).get('qwery') ?? '');
  }, [location.pathname, location.search]);

  // A click or tap outside the search closes the results.
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const panelRef = useRef<HTMLDivElement>(null);
  const showPanelNow = open && trimmed.length > 0;
  useVisibleRoom(panelRef, showPanelNow);

  const waiting = trimmed.length > 0 && (trimmed !== settled || query.isPending);
  const results = trimmed === settled ? (query.data?.data.slice(0, SEARCH_PAGE_SIZE) ?? []) : [];
  const total = query.data?.meta.total ?? 0;
  // Above a thousand matches the API stops counting: "более 1000 товаров".
  const found = `${query.data?.meta.totalCapped ? 'более ' : ''}${total} ${plural(total, goods)}`;
  const showPanel = showPanelNow;

  const links = () =>
    Array.from(rootRef.current?.querySelectorAll<HTMLAnchorElement>('.live-search__panel a') ?? []);

  const finish = () => {
    setOpen(false);
    onDone?.();
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!trimmed) {
      inputRef.current?.focus();
      return;
    }
    finish();
    void navigate(searchPageUrl(trimmed));
  };

  // ↓/↑ move the focus between the field and the result links; Escape closes and returns to the field.
  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    const items = links();
    const index = items.indexOf(document.activeElement as HTMLAnchorElement);
    if (event.key === 'ArrowDown') {
      if (!showPanel) {
        if (trimmed) setOpen(true);
        return;
      }
      event.preventDefault();
      items[Math.min(index + 1, items.length - 1)]?.focus();
    } else if (event.key === 'ArrowUp' && index >= 0) {
      event.preventDefault();
      if (index === 0) inputRef.current?.focus();
      else items[index - 1]?.focus();
    } else if (event.key === 'Escape') {
      if (showPanel) {
        event.preventDefault();
        setOpen(false);
        keepClosedOnFocus.current = true;
        inputRef.current?.focus();
        keepClosedOnFocus.current = false;
      } else if (text) {
        event.preventDefault();
        setText('');
      } else {
        onDone?.();
      }
    }
  };

  return (
    <form
      ref={rootRef}
      role="search"
      action="/search"
      method="get"
      className="live-search"
      onSubmit={onSubmit}
      onKeyDown={onKeyDown}
      onBlur={(event) => {
        // Tabbing away closes the results. A blur with no new focus is left to the outside-click handler:
        // Safari does not focus a clicked link, and closing here would swallow the click on a result.
        const next = event.relatedTarget;
        if (next && !rootRef.current?.contains(next)) setOpen(false);
      }}
    >
      <label htmlFor={`${id}-input`} className="visually-hidden">
        Поиск по каталогу
      </label>
      <input
        ref={inputRef}
        id={`${id}-input`}
        className="live-search__input"
        type="search"
        name="qwery"
        placeholder="Поиск товаров"
        autoComplete="off"
        enterKeyHint="search"
        maxLength={200}
        // The mobile panel opens on the visitor's tap, so focusing its field is what they expect.
        autoFocus={autoFocus}
        value={text}
        aria-controls={panelId}
        aria-expanded={showPanel}
        aria-describedby={`${id}-status`}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
        }}
        onFocus={() => {
          if (!keepClosedOnFocus.current) setOpen(true);
        }}
        onClick={() => setOpen(true)}
      />
      <button type="submit" className="live-search__submit" aria-label="Найти">
        <Icon name="search" size={20} />
      </button>

      {/* Announced to screen readers as the results change. */}
      <p id={`${id}-status`} className="visually-hidden" aria-live="polite">
        {showPanel && !waiting && !query.isError
          ? results.length
            ? `Найдено ${found}. Стрелка вниз — к результатам.`
            : NOTHING_FOUND
          : ''}
      </p>

      <div id={panelId} ref={panelRef} className="live-search__panel" hidden={!showPanel}>
        {showPanel &&
          (waiting ? (
            <SearchSkeleton />
          ) : query.isError ? (
            <div className="live-search__message">
              <p>Не удалось выполнить поиск. Проверьте подключение к интернету.</p>
              <button type="button" className="button button--quiet" onClick={() => void query.refetch()}>
                Повторить
              </button>
            </div>
          ) : results.length === 0 ? (
            <p className="live-search__message">{NOTHING_FOUND}</p>
          ) : (
            <>
              <ul className="live-search__list" aria-label="Найденные товары">
                {results.map((product) => (
                  <li key={product.id}>
                    <SearchResult product={product} onPick={finish} />
                  </li>
                ))}
              </ul>
              <Link to={searchPageUrl(trimmed)} className="live-search__all" onClick={finish}>
                Все результаты: {found}
                <Icon name="chevronRight" size={18} />
              </Link>
            </>
          ))}
      </div>
    </form>
  );
}

/**
 * Keeps the open panel within what the visitor sees: from its top to the bottom of the visual viewport
 * (above a phone's on-screen keyboard, which 100dvh does not know about), as --live-search-room. The panel
 * scrolls inside itself and its «Все результаты» link stays at its bottom (live-search.css).
 */
function useVisibleRoom(panelRef: RefObject<HTMLDivElement | null>, open: boolean) {
  useEffect(() => {
    const panel = panelRef.current;
    if (!open || !panel) return;
    const viewport = window.visualViewport;
    const measure = () => {
      const bottom = viewport ? viewport.offsetTop + viewport.height : window.innerHeight;
      const room = Math.floor(bottom - panel.getBoundingClientRect().top - 8);
      panel.style.setProperty('--live-search-room', `${Math.max(room, 120)}px`);
    };
    measure();
    viewport?.addEventListener('resize', measure);
    viewport?.addEventListener('scroll', measure);
    window.addEventListener('resize', measure);
    window.addEventListener('scroll', measure, { passive: true });
    return () => {
      viewport?.removeEventListener('resize', measure);
      viewport?.removeEventListener('scroll', measure);
      window.removeEventListener('resize', measure);
      window.removeEventListener('scroll', measure);
      panel.style.removeProperty('--live-search-room');
    };
  }, [panelRef, open]);
}

function SearchResult({ product, onPick }: { product: SearchProduct; onPick: () => void }) {
  const onSale = product.benefitPercent > 0 && product.basePrice > product.salePrice;
  const from = product.offersCount > 1 ? 'от ' : '';
  return (
    <Link to={product.url} className="live-search__item" onClick={onPick}>
      <span className="live-search__thumb">
        {product.announceImageUrl && (
          <img src={product.announceImageUrl} alt="" width={56} height={56} loading="lazy" decoding="async" />
        )}
      </span>
      <span className="live-search__title">{product.title}</span>
      {!product.inStock && <span className="live-search__stock">Нет в наличии</span>}
      <span className="live-search__price">
        <span className={onSale ? 'live-search__sale' : undefined}>
          {from}
          {formatPrice(product.salePrice)}
        </span>
        {onSale && (
          <>
            <s className="live-search__old">
              <span className="visually-hidden">Старая цена </span>
              {formatPrice(product.basePrice)}
            </s>
            <span className="live-search__badge">{formatDiscount(product.benefitPercent)}</span>
          </>
        )}
      </span>
    </Link>
  );
}

function SearchSkeleton() {
  return (
    <div className="live-search__skeleton" aria-hidden="true">
      {[0, 1, 2].map((row) => (
        <div key={row} className="live-search__skeleton-row">
          <span className="live-search__bone live-search__skeleton-thumb" />
          <span className="live-search__skeleton-lines">
            <span className="live-search__bone live-search__skeleton-line" />
            <span className="live-search__bone live-search__skeleton-line live-search__skeleton-line--short" />
          </span>
        </div>
      ))}
    </div>
  );
}
