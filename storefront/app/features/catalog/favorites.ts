// A guest's favourites, kept in the browser (no account needed). Storage: localStorage key
// FAVORITES_KEY ("shop.favorites") holds a JSON array, the most recently added first, at most FAVORITES_MAX:
// a product id, or `{ "id": 12, "offer": 345 }` when the heart was pressed with a variant chosen (issue 31:
// a master keeps «C 0,10 11 мм», not the product); arrays of plain ids stored before keep working. Every tab
// and component sees changes at once (a window event here, the `storage` event from other tabs). The server
// renders with no favourites; the browser fills them in after hydration.
//
// For the header's badge: `const count = useFavoritesCount();`
// For a heart: `const { has, toggle } = useFavorites(); has(product.id); toggle(product.id, offer?.id);`
import { useCallback, useSyncExternalStore } from 'react';

export const FAVORITES_KEY = 'shop.favorites';
/** The listing API takes at most 100 ids at once. */
export const FAVORITES_MAX = 100;
const CHANGE_EVENT = 'shop:favorites';
const EMPTY: readonly number[] = Object.freeze([]);

let cachedRaw: string | null | undefined;
let cachedIds: readonly number[] = EMPTY;
/** Product id → the variant remembered with it. */
let cachedOffers: ReadonlyMap<number, number> = new Map();

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    // Storage can be switched off (private modes, strict settings): favourites then live for the page only.
    return null;
  }
}

const isId = (v: unknown): v is number => Number.isSafeInteger(v) && (v as number) > 0;

/** Reads what is stored (the cache follows it); anything unreadable counts as nothing. */
function read(raw: string | null) {
  cachedRaw = raw;
  const ids = new Set<number>();
  const offers = new Map<number, number>();
  try {
    const value: unknown = raw ? JSON.parse(raw) : [];
    for (const entry of Array.isArray(value) ? value : []) {
      const { id, offer } = (isId(entry) ? { id: entry } : (entry ?? {})) as {
        id?: unknown;
        offer?: unknown;
      };
      if (!isId(id) || ids.has(id) || ids.size >= FAVORITES_MAX) continue;
      ids.add(id);
      if (isId(offer)) offers.set(id, offer);
    }
  } catch {
    // A damaged value: no favourites.
  }
  cachedIds = ids.size ? [...ids] : EMPTY;
  cachedOffers = offers;
}

/** The favourite product ids, most recent first (the same array until something changes). */
export function getFavorites(): readonly number[] {
  const raw = storage()?.getItem(FAVORITES_KEY) ?? null;
  if (raw !== cachedRaw) read(raw);
  return cachedIds;
}

/** The variant remembered with a favourite product, if one was chosen when its heart was pressed. */
export function favoriteOffer(id: number): number | null {
  getFavorites();
  return cachedOffers.get(id) ?? null;
}

function save(entries: readonly unknown[]) {
  const raw = JSON.stringify(entries.slice(0, FAVORITES_MAX));
  try {
    storage()?.setItem(FAVORITES_KEY, raw);
  } catch (error) {
    console.error('favourites are not saved:', error);
  }
  read(raw);
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

export function isFavorite(id: number): boolean {
  return getFavorites().includes(id);
}

/** Adds a product (with the variant chosen, if any) or removes it; answers whether it is a favourite now. */
export function toggleFavorite(id: number, offerId?: number | null): boolean {
  const ids = getFavorites();
  const now = !ids.includes(id);
  const entry = (x: number) => (cachedOffers.has(x) ? { id: x, offer: cachedOffers.get(x) } : x);
  const rest = ids.filter((x) => x !== id).map(entry);
  save(now ? [offerId ? { id, offer: offerId } : id, ...rest] : rest);
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
  const toggle = useCallback((id: number, offerId?: number | null) => toggleFavorite(id, offerId), []);
  // `ids` changes whenever the stored value does, so the remembered variants are read afresh with it.
  const offerOf = useCallback((id: number) => (ids.includes(id) ? favoriteOffer(id) : null), [ids]);
  return { ids, count: ids.length, has, toggle, offerOf };
}

/** The number of favourites, for the header's badge (0 during server rendering). */
export function useFavoritesCount(): number {
  return useSyncExternalStore(
    subscribeFavorites,
    () => getFavorites().length,
    () => 0,
  );
}
