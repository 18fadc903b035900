// The header's cart count as the browser holds it: the productCard cookie (spec §3), which every answer the
// server renders for the visitor keeps in step with the API's count (root loader, cart actions). Pages kept
// whole for guests (server/src/platform/web/page-cache.ts) are served to a guest with a cart too: their HTML
// says an empty cart, and the browser puts the cookie's count in after hydration.
//
// Apart from cart.ts, which the add-to-cart buttons need in the page's first download: the header that shows
// this count comes after it (lib/deferred).
import { useSyncExternalStore } from 'react';
import { useFetchers } from 'react-router';
import { CART_COUNT_COOKIE, readCookie } from '../../lib/cookies';
import { useShellData } from '../../lib/shell-data';
import { CART_PATH } from './cart';

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

/**
 * The header's count: the productCard cookie's once the page is hydrated (pages kept for guests are served
 * to a guest with a cart as well, with an empty cart in their HTML), else the server's (root loader: GET
 * /api/maintenance-mode); plus the pieces of "В корзину" still on their way, so the badge moves at the press.
 * The cookie changes when the action's answer arrives (its Set-Cookie), so with the cookie only presses not
 * yet answered are added; the loader's count changes after the revalidation that follows the action.
 */
export function useCartCount(): number {
  const { cartCount } = useShellData();
  const cookieCount = useCountCookie();
  const adding = useFetchers().reduce((sum, f) => {
    const form = f.formData;
    const pending = cookieCount === null ? f.state !== 'idle' : f.state === 'submitting';
    if (!pending || !form || f.formAction?.split('?')[0] !== CART_PATH) return sum;
    const intent = form.get('intent');
    if (intent !== 'add' && intent !== 'undo') return sum;
    const n = Number(form.get('quantity'));
    return Number.isInteger(n) && n > 0 ? sum + n : sum;
  }, 0);
  return (cookieCount ?? cartCount) + adding;
}
