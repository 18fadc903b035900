/** The value of one cookie from a Cookie header (or document.cookie), or undefined when absent. */
export function readCookie(header: string | null | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() !== name) continue;
    const raw = part.slice(eq + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      // A malformed escape must not break the page: use the value as sent.
      return raw;
    }
  }
  return undefined;
}

/** The cookie that keeps the sign-in token; SSR reads it so server-side calls act as the visitor. */
export const TOKEN_COOKIE = 'auth.token';
/** Spec §3: the cart count lives in cookie productCard. */
export const CART_COUNT_COOKIE = 'productCard';
/**
 * A guest's cart token (HttpOnly, 30 days): the storefront's server sends it to the API as X-Cart-Token. The
 * API uses the same cookie name, so the browser's own calls (sign-in, registration) carry it too and the
 * guest's cart joins the account's.
 */
export const CART_TOKEN_COOKIE = 'cartToken';
