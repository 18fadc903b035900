// A guest's favourites, kept in the browser (no account needed). Storage: localStorage key
// FAVORITES_KEY ("shop.favorites") holds a JSON array of product ids, the most recently added first, at
// most FAVORITES_MAX. Every tab and component sees changes at once (a window event here, the `storage`
// event from other tabs). The server renders with no favourites; the browser fills them in after hydration.
//
// For the header's badge: `const count = useFavoritesCount();`
// For a heart: `const { has, toggle } = useFavorites(); has(product.id); toggle(product.id);`
import { useCallback, useSyncExternalStore } from 'react';

export const FAVORITES_KEY = 'shop.favorites';
/** The listing API takes at most 100 ids at once. */
export const FAVORITES_MAX = 100;
const CHANGE_EVENT = 'shop:favorites';
const EMPTY: readonly number[] = Object.freeze([]);

let cachedRaw: string | null | undefined;
let cachedIds: readonly number[] = EMPTY;

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    // Storage can be switched off (private modes, strict settings): favourites then live for the page only.
    return null;
  }
}

function parse(raw: string | null): readonly number[] {
  if (!raw) return EMPTY;
  try {
    const value: unknown = JSON.parse(raw);
    if (!Array.isArray(value)) return EMPTY;
    const ids = value.filter((v): v is number => Number.isSafeInteger(v) && (v as number) > 0);
    return [...new Set(ids)].slice(0, FAVORITES_MAX);
  } catch {
    return EMPTY;
  }
}

/** The favourite product ids, most recent first (the same array until something changes). */
export function getFavorites(): readonly number[] {
  const raw = storage()?.getItem(FAVORITES_KEY) ?? null;
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedIds = parse(raw);
  }
  return cachedIds;
}

function save(ids: readonly number[]) {
  const raw = JSON.stringify(ids.slice(0, FAVORITES_MAX));
  try {
    storage()?.setItem(FAVORITES_KEY, raw);
  } catch (error) {
    console.error('favourites are not saved:', error);
  }
  cachedRaw = raw;
  cachedIds = parse(raw);
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

export function isFavorite(id: number): boolean {
  return getFavorites().includes(id);
}

/** Adds or removes a product; answers whether it is a favourite now. */
export function toggleFavorite(id: number): boolean {
  const ids = getFavorites();
  const now = !ids.includes(id);
  save(now ? [id, ...ids] : ids.filter((x) => x !== id));
  return now;
}

export function subscribeFavorites(onChange: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === FAVORITES_KEY) onChange();
  };
  window.addEventListener(CHANGE_EVENT, onChange);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(CHANGE_EVENT, onChange);
    window.removeEventListener('storage', onStorage);
  };
}

const serverSnapshot = () => EMPTY;

export function useFavorites() {
  const ids = useSyncExternalStore(subscribeFavorites, getFavorites, serverSnapshot);
  const has = useCallback((id: number) => ids.includes(id), [ids]);
  const toggle = useCallback((id: number) => toggleFavorite(id), []);
  return { ids, count: ids.length, has, toggle };
}

/** The number of favourites, for the header's badge (0 during server rendering). */
export function useFavoritesCount(): number {
  return useSyncExternalStore(
    subscribeFavorites,
    () => getFavorites().length,
    () => 0,
  );
}
