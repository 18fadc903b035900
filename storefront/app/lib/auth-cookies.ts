import type { SessionUser } from '@shop/schemas';
import { readCookie } from './cookies';

// The sign-in cookies, written the same way by the server's answers and by the browser. The token is not
// httpOnly: the browser's API client reads it to send it in Authorization (spec §7), and SSR reads it too.

/** The group a representative acts for; sent as X-User-Group by both clients. */
export const GROUP_COOKIE = 'auth.group';

interface TokenCookieOptions {
  /** Remember-me: the cookie lives as long as the session (30 days); otherwise until the browser closes. */
  remember: boolean;
  /** The session's end (session.expiresAt); only used with remember. */
  expiresAt?: string;
}

function attributes(secure: boolean): string {
  return `; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** A Set-Cookie value (or document.cookie assignment) for a cookie of this site. */
export function cookieString(
  name: string,
  value: string,
  { secure, expires }: { secure: boolean; expires?: Date },
): string {
  const life = expires ? `; Expires=${expires.toUTCString()}` : '';
  return `${name}=${encodeURIComponent(value)}${life}${attributes(secure)}`;
}

/** Removes a cookie: same name and path, expiry in the past. */
export function expiredCookie(name: string, secure: boolean): string {
  return `${name}=${attributes(secure)}; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT`;
}

export function tokenCookieExpiry({ remember, expiresAt }: TokenCookieOptions): Date | undefined {
  if (!remember || !expiresAt) return undefined;
  const at = new Date(expiresAt);
  return Number.isNaN(at.getTime()) ? undefined : at;
}

/** The representative groups a user may act for. */
export function representedGroups(user: SessionUser | null): SessionUser['groups'] {
  return user ? user.groups.filter((group) => group.isRepresentative) : [];
}

/** What auth.group holds when a representative chose to act for themselves. */
export const PERSONAL = 'none';

/** The group id of the auth.group cookie, when it names one (not PERSONAL, not garbage). */
export function groupFromCookie(cookieHeader: string | null | undefined): string | undefined {
  const raw = readCookie(cookieHeader, GROUP_COOKIE);
  return raw && /^\d{1,12}$/.test(raw) ? raw : undefined;
}

/** The chosen group id when the user still represents it, else null. */
export function validGroup(user: SessionUser | null, raw: string | undefined): number | null {
  const id = Number(raw);
  if (!Number.isInteger(id) || id <= 0) return null;
  return representedGroups(user).some((group) => group.id === id) ? id : null;
}

/** Where to go after signing in: a path of this site only (never another host), else '/'. */
export function safeReturnPath(raw: string | null | undefined): string | null {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return null;
  return raw;
}

/** Where a signed-in visitor of a guests-only page (/login, /auth/register) is sent. */
export const SIGNED_IN_HOME = '/profile';

/** /login with the address to come back to. */
export function loginPath(returnTo: string): string {
  return `/login?redirect=${encodeURIComponent(returnTo)}`;
}
