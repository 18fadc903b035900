// The admin area's session lives in an HttpOnly cookie, not in the page's storage: a script on the page (an
// XSS, a compromised dependency) cannot read it and send it elsewhere. A cookie is sent by the browser on its
// own, so every state-changing request it authenticates must also prove it comes from the admin's own
// script (CSRF): the header X-CSRF-Token, a value derived from the session that only a same-origin script
// can learn (GET /api/auth/admin/session; no CORS is allowed, and the cookie is SameSite=Strict).
//
//   POST /api/auth/admin/login   {login, password}  → Set-Cookie admin.session, {data: {csrfToken}}; staff only
//   GET  /api/auth/admin/session                    → {data: {user, csrfToken}} for the cookie's session,
//                                                      {data: null} without one
//   POST /api/auth/admin/logout                     → the session ends and the cookie is cleared
//
// The storefront's token stays where the spec puts it (a readable cookie sent in Authorization), and API
// clients keep using Authorization: a request with that header never looks at the cookie and needs no
// CSRF proof, as no browser attaches it by itself.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../platform/db';
import { ApiError } from '../../platform/http/errors';
import { serve } from '../../platform/http/contract';
import { adminLogin, adminLogout, adminSession } from '@shop/schemas/contracts/accounts';
import { checkCredentials, startSession } from './sign-in';
import { revokeSession, sessionUser } from '../../platform/auth/sessions';
import { ADMIN_COOKIE, COOKIE_PATH, csrfTokenOf } from '../../platform/auth/admin-cookie';
import { loginRouteLimit, loginThrottle } from './throttle';

const NO_ADMIN_ACCESS = 'Нет доступа к администрированию';
const STAFF = new Set(['admin', 'manager', 'content']);

/** Set-Cookie of the admin session: HttpOnly, SameSite=Strict, Path=/api, Secure over HTTPS. */
function sessionCookie(request: FastifyRequest, value: string, maxAgeS?: number): string {
  const parts = [`${ADMIN_COOKIE}=${value}`, `Path=${COOKIE_PATH}`, 'HttpOnly', 'SameSite=Strict'];
  // request.protocol believes X-Forwarded-Proto only from the proxies TRUST_PROXY names.
  if (request.protocol === 'https') parts.push('Secure');
  if (maxAgeS !== undefined) parts.push(`Max-Age=${maxAgeS}`);
  return parts.join('; ');
}

/** Without remember-me the cookie ends with the browser; with it, when the session would. */
function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  expiresAt: Date | null,
) {
  const maxAge = expiresAt ? Math.max(0, Math.floor((expiresAt.getTime() - Date.now()) / 1000)) : undefined;
  reply.header('set-cookie', sessionCookie(request, token, maxAge));
}

export function adminSessionRoutes(db: Db) {
  return async function plugin(app: FastifyInstance) {
    // The same counters as POST /api/auth/login (shared by their group names): one allowance per login.
    const throttle = loginThrottle(app);

    serve(
      app,
      adminLogin,
      async (request, reply) => {
        const { login, password, remember } = request.body;
        const user = await checkCredentials(db, throttle, request, login, password);
        // Checked before a session exists: a customer's password opens no admin session at all.
        if (!STAFF.has(user.role)) throw new ApiError(403, 'no_admin_access', NO_ADMIN_ACCESS);
        const { token, expiresAt } = await startSession(db, request, user.id, remember === true);
        setSessionCookie(request, reply, token, remember === true ? expiresAt : null);
        return { data: { csrfToken: csrfTokenOf(token) } };
      },
      { config: { rateLimit: loginRouteLimit() } },
    );

    serve(app, adminSession, async (request, reply) => {
      // Only the cookie's session counts here (the guard set cookieToken with the user), not Authorization.
      const { user, cookieToken: token } = request;
      // "Nobody" is an answer, not an error: the admin asks this on every first load, signed in or not
      // (a 401 would be logged as a failed request in the browser's console each time).
      if (!user || !token) return { data: null };
      // A remembered session slides on the server; the cookie follows it.
      if (user.remember) setSessionCookie(request, reply, token, user.expiresAt);
      return { data: { user: await sessionUser(db, user), csrfToken: csrfTokenOf(token) } };
    });

    // No limit: it only ends the caller's own session, and signing out must always work. With the cookie it
    // needs the CSRF token like any other change (the guard), so no other site can sign an admin out.
    serve(
      app,
      adminLogout,
      async (request, reply) => {
        if (request.user) await revokeSession(db, request.user.sessionId);
        reply.header('set-cookie', sessionCookie(request, '', 0));
        return { data: null };
      },
      { config: { rateLimit: false } },
    );
  };
}
