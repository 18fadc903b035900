import { apiErrorStatus } from '@shop/client';
import type { SessionUser } from '@shop/schemas';
import { redirect, type AppLoadContext } from 'react-router';
import { forgetGroup, serverApi } from './api.server';
import { GROUP_COOKIE, SIGNED_IN_HOME, expiredCookie, loginPath } from './auth-cookies';
import { TOKEN_COOKIE, readCookie } from './cookies';

// The visitor's session as the server rendering sees it, and the guards of route loaders. Loaders of one
// request run in parallel (root, the /profile layout, the page): the session is fetched once per request.

export interface ServerSession {
  user: SessionUser | null;
  /** Cookies the answer must remove: a token the API refused, a group the user no longer represents. */
  clear: string[];
}

const sessions = new WeakMap<AppLoadContext, Promise<ServerSession>>();

export function sessionOf(context: AppLoadContext): Promise<ServerSession> {
  let pending = sessions.get(context);
  if (!pending) {
    pending = fetchSession(context);
    sessions.set(context, pending);
  }
  return pending;
}

async function fetchSession(context: AppLoadContext): Promise<ServerSession> {
  if (!readCookie(context.requestCookie, TOKEN_COOKIE)) {
    const clear = readCookie(context.requestCookie, GROUP_COOKIE) ? [GROUP_COOKIE] : [];
    return { user: null, clear };
  }
  try {
    return { user: await serverApi(context).auth.session(), clear: [] };
  } catch (error) {
    const status = apiErrorStatus(error);
    if (status === 403 && readCookie(context.requestCookie, GROUP_COOKIE)) {
      // The chosen group is no longer the user's to act for: act as themselves and drop the choice.
      forgetGroup(context);
      const retry = await fetchSession(context);
      return { user: retry.user, clear: [...retry.clear, GROUP_COOKIE] };
    }
    if (status === 401) return { user: null, clear: [TOKEN_COOKIE, GROUP_COOKIE] };
    // The API is down or failed: signed out for this page (spec §8), but the cookie stays so a restart of
    // the API does not sign everybody out.
    console.error('session unavailable:', error instanceof Error ? error.message : error);
    return { user: null, clear: [] };
  }
}

export function isSecureRequest(request: Request): boolean {
  return new URL(request.url).protocol === 'https:';
}

/** Set-Cookie headers removing what the session check found stale. */
export function clearingHeaders(session: ServerSession, request: Request): Headers {
  const headers = new Headers();
  for (const name of session.clear)
    headers.append('Set-Cookie', expiredCookie(name, isSecureRequest(request)));
  return headers;
}

interface GuardArgs {
  request: Request;
  context: AppLoadContext;
}

/**
 * For loaders of pages that need a signed-in customer (/profile/*): the session user, or a redirect to
 * /login?redirect=<this address> (HTTP 302 on a page load; client navigations follow it the same way).
 */
export async function requireUser({ request, context }: GuardArgs): Promise<SessionUser> {
  const session = await sessionOf(context);
  if (session.user) return session.user;
  const url = new URL(request.url);
  throw redirect(loginPath(url.pathname + url.search), { headers: clearingHeaders(session, request) });
}

/** For loaders of guests-only pages: a signed-in visitor is sent to /profile. */
export async function guestOnly({ context }: GuardArgs): Promise<void> {
  const session = await sessionOf(context);
  if (session.user) throw redirect(SIGNED_IN_HOME);
}
