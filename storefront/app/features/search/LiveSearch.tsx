import {
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type FormEvent,
  type KeyboardEvent,
  type RefObject,
} from 'react';
import { useLocation, useNavigate } from 'react-router';
import { loadOnce } from '../../lib/load-once';
import { useHydrated } from '../../lib/hydrated';
import { Icon } from '../../ui/Icon';
import { SEARCH_DEBOUNCE_MS, searchPageUrl } from './live-search-rules';
import type LiveSearchResults from './LiveSearchResults';
import { LiveSearchSkeleton } from './LiveSearchSkeleton';
import './live-search.css';

// The results and their query cache (React Query) come with the first use of the field, not with every page.
const resultsModule = loadOnce<typeof LiveSearchResults>(() =>
  import('./LiveSearchResults').then((module) => module.default),
);
/** Loads the results' module once (the field's focus starts it; the tests load it first). */
export async function loadLiveSearchResults(): Promise<void> {
  await resultsModule.load();
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
  const navigate = useNavigate();
  const location = useLocation();
  const id = useId();
  const panelId = `${id}-results`;
  const rootRef = useRef<HTMLFormElement>(null);
  const ownInputRef = useRef<HTMLInputElement>(null);
  const inputRef = outerInputRef ?? ownInputRef;
  const hydrated = useHydrated();

  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  // Escape returns the focus to the field without opening the results again.
  const keepClosedOnFocus = useRef(false);
  const trimmed = text.trim();
  const settled = useDebouncedValue(trimmed, SEARCH_DEBOUNCE_MS);

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
  const showPanel = open && trimmed.length > 0;
  useVisibleRoom(panelRef, showPanel);

  // What a screen reader is told, as the results report it (nothing while the panel is closed).
  const [status, setStatus] = useState('');
  // The results' component, once its module has arrived (at once when an earlier use loaded it).
  const [Results, setResults] = useState(resultsModule.current);
  useEffect(() => {
    if (showPanel && !Results) void resultsModule.load().then((loaded) => setResults(() => loaded));
  }, [showPanel, Results]);

  const links = () =>
    Array.from(rootRef.current?.querySelectorAll<HTMLAnchorElement>('.live-search__panel a') ?? []);

  const finish = useCallback(() => {
    setOpen(false);
    onDone?.();
  }, [onDone]);

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
      // From here on typing asks for results (before it, the form goes to the search page; tests wait for it).
      data-hydrated={hydrated || undefined}
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
        // A field with a panel of suggestions: a combobox, so its aria-expanded is allowed and announced.
        role="combobox"
        aria-autocomplete="list"
        aria-controls={panelId}
        aria-expanded={showPanel}
        aria-describedby={`${id}-status`}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
        }}
        onFocus={() => {
          void resultsModule.load();
          if (!keepClosedOnFocus.current) setOpen(true);
        }}
        onClick={() => setOpen(true)}
      />
      <button type="submit" className="live-search__submit" aria-label="Найти">
        <Icon name="search" size={20} />
      </button>

      {/* Announced to screen readers as the results change. */}
      <p id={`${id}-status`} className="visually-hidden" aria-live="polite">
        {showPanel ? status : ''}
      </p>

      <div id={panelId} ref={panelRef} className="live-search__panel" hidden={!showPanel}>
        {showPanel &&
          (Results ? (
            <Results typed={trimmed} settled={settled} onPick={finish} onStatus={setStatus} />
          ) : (
            <LiveSearchSkeleton />
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
