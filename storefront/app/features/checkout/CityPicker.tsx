import { useEffect, useId, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { plural } from '../../lib/format';
import { useHydrated } from '../../lib/hydrated';
import { FormField } from '../../ui/FormField';
import { sameCityName, searchable } from './delivery-search';
import type { DeliveryCity } from './delivery-types';
import './delivery-pickers.css';

/** How long typing must pause before the suggestions are asked for. */
export const CITY_SUGGEST_DELAY_MS = 200;
/** Shorter queries ask nothing: one letter would match half the country. */
export const CITY_QUERY_MIN_LENGTH = 2;
export const CITY_NOTHING_FOUND = 'Ничего не нашли: проверьте название';
export const CITY_SUGGEST_FAILED = 'Подсказки не загрузились: впишите город полностью';

export interface CityPickerProps {
  /** The chosen city; its name fills the field. */
  value: DeliveryCity | null;
  /** The cities whose names start with the query (the caller asks the API). */
  suggest: (query: string) => Promise<DeliveryCity[]>;
  onChoose: (city: DeliveryCity) => void;
  error?: string;
  /** The form field's name and the input's id (default deliveryCity). */
  name?: string;
}

type SuggestState = 'idle' | 'loading' | 'done' | 'failed';

/**
 * «Город доставки»: a text field that suggests cities as the customer types (the WAI-ARIA combobox with a
 * listbox: ↓ and ↑ move through the suggestions, Enter chooses, Escape closes, a tap chooses). In the server's
 * HTML, and for a browser without JavaScript, it is a plain text field that posts the city's name.
 */
export function CityPicker({ value, suggest, onChoose, error, name = 'deliveryCity' }: CityPickerProps) {
  const hydrated = useHydrated();
  const id = useId();
  const listId = `${id}-cities`;
  const noteId = `${id}-note`;
  const optionId = (index: number) => `${id}-city-${index}`;
  const inputRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLUListElement>(null);

  const chosenName = value?.city ?? '';
  const [text, setText] = useState(chosenName);
  // A city chosen from outside (the page's saved address, the parent's state) fills the field.
  const [shownName, setShownName] = useState(chosenName);
  if (shownName !== chosenName) {
    setShownName(chosenName);
    setText(chosenName);
  }
  const [suggestions, setSuggestions] = useState<DeliveryCity[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [state, setState] = useState<SuggestState>('idle');

  // Every keystroke numbers its query; an answer to any but the latest is stale and dropped, so a slow
  // answer for «Мо» never replaces the one for «Москва».
  const latestQuery = useRef(0);
  const timer = useRef<number | undefined>(undefined);
  const forgetPending = () => {
    latestQuery.current += 1;
    window.clearTimeout(timer.current);
  };
  useEffect(() => forgetPending, []);

  const ask = (typed: string) => {
    forgetPending();
    const query = typed.trim();
    if (query.length < CITY_QUERY_MIN_LENGTH) {
      setSuggestions([]);
      setOpen(false);
      setActive(-1);
      setState('idle');
      return;
    }
    const asked = latestQuery.current;
    setState('loading');
    timer.current = window.setTimeout(() => {
      suggest(query).then(
        (cities) => {
          if (asked !== latestQuery.current) return;
          setSuggestions(cities);
          setActive(-1);
          setState('done');
          // Opened only for a customer still in the field: an answer after they left would cover the page.
          setOpen(cities.length > 0 && document.activeElement === inputRef.current);
        },
        () => {
          if (asked !== latestQuery.current) return;
          setSuggestions([]);
          setOpen(false);
          setState('failed');
        },
      );
    }, CITY_SUGGEST_DELAY_MS);
  };

  const choose = (city: DeliveryCity) => {
    forgetPending();
    setText(city.city);
    setOpen(false);
    setActive(-1);
    setState('idle');
    onChoose(city);
  };

  // Leaving the field: the one suggestion named exactly as typed is chosen. A name the suggestions only begin
  // with is half-typed and goes back to the chosen city; any other name is taken as typed (the server finds
  // it in its list or asks the carrier), so a customer who types the whole name and moves on without
  // waiting for the suggestions has their city.
  const leave = () => {
    setOpen(false);
    setActive(-1);
    const typed = text.trim();
    const named = suggestions.filter((city) => sameCityName(city.city, typed));
    const halfTyped = suggestions.some((city) => searchable(city.city).startsWith(searchable(typed)));
    if (value && sameCityName(value.city, typed)) return;
    if (named.length === 1) choose(named[0]!);
    else if (typed.length >= CITY_QUERY_MIN_LENGTH && !halfTyped)
      choose({ city: typed, region: null, postalCode: null });
    else if (value) {
      forgetPending();
      setText(value.city);
      setState('idle');
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const count = suggestions.length;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (count === 0) return;
      event.preventDefault();
      const down = event.key === 'ArrowDown';
      if (!open) {
        setOpen(true);
        setActive(down ? 0 : count - 1);
      } else {
        setActive((current) => (down ? (current + 1) % count : current <= 0 ? count - 1 : current - 1));
      }
    } else if (event.key === 'Enter' && open) {
      // With the list open, Enter chooses; it never sends the checkout half-filled.
      event.preventDefault();
      const named = suggestions.filter((city) => sameCityName(city.city, text));
      const city = active >= 0 ? suggestions[active] : named.length === 1 ? named[0] : undefined;
      if (city) choose(city);
    } else if (event.key === 'Escape') {
      if (open) {
        event.preventDefault();
        setOpen(false);
        setActive(-1);
      } else if (value && text !== value.city) {
        event.preventDefault();
        forgetPending();
        setText(value.city);
        setState('idle');
      }
    }
  };

  // The active suggestion stays within the list's scroll.
  useEffect(() => {
    if (active >= 0) document.getElementById(`${id}-city-${active}`)?.scrollIntoView?.({ block: 'nearest' });
  }, [id, active]);

  useListInView(listRef, open);

  const note =
    state === 'done' && suggestions.length === 0
      ? CITY_NOTHING_FOUND
      : state === 'failed'
        ? CITY_SUGGEST_FAILED
        : null;
  const count = suggestions.length;

  return (
    <FormField id={name} label="Город доставки" required error={error}>
      {(control) => (
        <>
          <div className="city-picker">
            <input
              {...control}
              ref={inputRef}
              name={name}
              type="text"
              maxLength={100}
              // The browser's own autofill list would cover the suggestions; without them it helps.
              autoComplete={hydrated ? 'off' : 'address-level2'}
              value={text}
              onChange={(event) => {
                setText(event.target.value);
                ask(event.target.value);
              }}
              onKeyDown={onKeyDown}
              onBlur={leave}
              {...(hydrated && {
                role: 'combobox',
                'aria-autocomplete': 'list' as const,
                'aria-expanded': open,
                'aria-controls': listId,
                'aria-activedescendant': open && active >= 0 ? optionId(active) : undefined,
                'aria-busy': state === 'loading' || undefined,
                'aria-describedby': [control['aria-describedby'], noteId].filter(Boolean).join(' '),
              })}
            />
            {hydrated && (
              <ul
                ref={listRef}
                id={listId}
                role="listbox"
                aria-label="Города"
                className="city-picker__list"
                hidden={!open}
              >
                {suggestions.map((city, index) => (
                  <li
                    key={`${city.city}|${city.region ?? ''}|${index}`}
                    id={optionId(index)}
                    role="option"
                    aria-selected={index === active}
                    className="city-picker__option"
                    // Keeps the focus in the field, so a tap chooses instead of leaving the field first.
                    onMouseDown={(event) => event.preventDefault()}
                    onClick={() => choose(city)}
                  >
                    <span className="city-picker__name">{city.city}</span>
                    {city.region && <span className="city-picker__region">{city.region}</span>}
                  </li>
                ))}
              </ul>
            )}
          </div>
          <p id={noteId} className="city-picker__note" role="status">
            {note ??
              (open ? (
                <span className="visually-hidden">
                  {`${count} ${plural(count, ['город', 'города', 'городов'])} в подсказках`}
                </span>
              ) : null)}
          </p>
        </>
      )}
    </FormField>
  );
}

/**
 * On a phone the on-screen keyboard takes the lower half of the screen: when the open list ends under it,
 * the page scrolls up just enough to show it, keeping the field itself in view.
 */
function useListInView(listRef: RefObject<HTMLUListElement | null>, open: boolean) {
  useEffect(() => {
    const list = listRef.current;
    if (!open || !list) return;
    const viewport = window.visualViewport;
    const bottom = viewport ? viewport.offsetTop + viewport.height : window.innerHeight;
    const box = list.getBoundingClientRect();
    const hidden = box.bottom - bottom + 8;
    const fieldTop = (list.previousElementSibling?.getBoundingClientRect().top ?? 0) - 8;
    if (hidden > 0 && fieldTop > 0) window.scrollBy({ top: Math.min(hidden, fieldTop), behavior: 'smooth' });
  }, [listRef, open]);
}
