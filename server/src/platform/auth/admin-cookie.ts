// The admin area's session cookie as the guard reads it (the sign-in that sets it is accounts/admin-session.ts):
// a cookie is sent by the browser on its own, so a state-changing request it authenticates must also carry
// the CSRF token derived from the session, which only the admin's own script can learn.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../http/errors';
import { cookieValue } from '../http/cookies';

export const ADMIN_COOKIE = 'admin.session';
/** Sent by the cookie only under /api: pages, assets and the admin's own files never carry it. */
export const COOKIE_PATH = '/api';
const CSRF_HEADER = 'x-csrf-token';
export const CSRF_REFUSED =
  'Запрос отклонён: не подтверждено, что он отправлен из администрирования магазина (нет CSRF-токена). ' +
  'Обновите страницу администрирования и повторите.';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const TOKEN = /^[A-Za-z0-9_-]{1,200}$/;

/**
 * The CSRF token of a session: a one-way hash of its token, so it needs no storage, changes with every
 * session, and tells nothing about the session's token to whoever reads it.
 */
export function csrfTokenOf(sessionToken: string): string {
  return createHash('sha256').update(`csrf:${sessionToken}`).digest('base64url');
}

function csrfMatches(sent: string | string[] | undefined, sessionToken: string): boolean {
  if (typeof sent !== 'string') return false;
  const expected = Buffer.from(csrfTokenOf(sessionToken));
  const given = Buffer.from(sent);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Where the cookie counts: the admin API and the admin's own session endpoints. The storefront's calls
 * (a staff member browsing the shop as a guest still has the cookie under /api) stay a guest's, and the
 * sign-in itself ignores an old cookie.
 */
function inAdminScope(path: string): boolean {
  if (path.startsWith('/api/admin/')) return true;
  return path.startsWith('/api/auth/admin/') && path !== '/api/auth/admin/login';
}

/**
 * The session token of the admin cookie for this request, or null (no cookie, or not an admin address).
 * The guard calls it only for requests without Authorization. A state-changing request the cookie would
 * authenticate is refused with 403 without the CSRF token: a form another site posts to the admin API
 * (SameSite keeps the cookie off it in today's browsers; this holds where it does not) changes nothing.
 */
export function adminCookieToken(request: FastifyRequest): string | null {
  const path = request.url.split('?', 1)[0] ?? '';
  if (!inAdminScope(path)) return null;
  const token = cookieValue(request.headers.cookie, ADMIN_COOKIE);
  if (!token || !TOKEN.test(token)) return null;
  if (!SAFE_METHODS.has(request.method) && !csrfMatches(request.headers[CSRF_HEADER], token))
    throw new ApiError(403, 'csrf', CSRF_REFUSED);
  return token;
}
