// The header's cart count as the browser holds it: the productCard cookie (spec §3), which every answer the
// server renders for the visitor keeps in step with the API's count (root loader, cart actions). Pages kept
// whole for guests (server/src/platform/web/page-cache.ts) are served to a guest with a cart too: their HTML
// says an empty cart, and the browser puts the cookie's count in after hydration.
import { useSyncExternalStore } from 'react';
import { CART_COUNT_COOKIE, readCookie } from '../../lib/cookies';

/** The cookie's count, or null without a usable cookie (then the server's count stands). */
export function readCountCookie(cookieHeader: string): number | null {
  const raw = readCookie(cookieHeader, CART_COUNT_COOKIE);
  if (raw === undefined || !/^\d{1,9}$/.test(raw)) return null;
  return Number(raw);
}

const browserCount = () => readCountCookie(document.cookie);
/** Nothing on the server and while hydrating: the page's HTML must be the same for everybody. */
const serverCount = () => null;

/**
 * Cookies announce no change: the count is read again on every render (the root loader's new data, a
 * fetcher's progress) and when the tab comes back, since another tab may have changed the cart.
 */
function subscribe(onChange: () => void): () => void {
  const onVisible = () => {
    if (document.visibilityState === 'visible') onChange();
  };
  window.addEventListener('pageshow', onChange);
  document.addEventListener('visibilitychange', onVisible);
  return () => {
    window.removeEventListener('pageshow', onChange);
    document.removeEventListener('visibilitychange', onVisible);
  };
}

/**
 * The productCard cookie's count once the page is hydrated; null before (React renders the server's
 * HTML first, then this value, so hydration never sees a difference).
 */
export function useCountCookie(): number | null {
  return useSyncExternalStore(subscribe, browserCount, serverCount);
}
