import { createApiClient, type ApiClient } from '@shop/client';
import type { AppLoadContext } from 'react-router';
import { groupFromCookie } from './auth-cookies';
import { CART_TOKEN_COOKIE, TOKEN_COOKIE, readCookie } from './cookies';

// Requests whose group cookie named a group the user no longer represents: their later calls go without it.
const staleGroup = new WeakSet<AppLoadContext>();

// A cart token the API gave out during this request (an action made the guest's cart): the loaders that run
// after the action in the same request must already send it, though the browser has not stored it yet.
const newCartToken = new WeakMap<AppLoadContext, string>();

/** Sends this cart token from now on in this request (its Set-Cookie goes out with the answer). */
export function rememberCartToken(context: AppLoadContext, token: string): void {
  newCartToken.set(context, token);
}

/** The guest's cart token of this request: one given out just now, else the cookie's. */
export function cartTokenOf(context: AppLoadContext): string | undefined {
  return newCartToken.get(context) ?? readCookie(context.requestCookie, CART_TOKEN_COOKIE);
}

/** Stops sending this request's X-User-Group (the API refused it with 403). */
export function forgetGroup(context: AppLoadContext): void {
  staleGroup.add(context);
}

/**
 * The API client for loaders and actions. The base address comes from the load context (set by the
 * server at run time), and the visitor's token and representative group cookies are forwarded so the API
 * answers as for them.
 */
export function serverApi(context: AppLoadContext): ApiClient {
  return createApiClient({
    baseURL: context.apiBaseURL,
    ...(context.apiTransport ? { inProcess: context.apiTransport } : {}),
    // The API's abuse limits count per visitor: without this every form sent through a page's action would
    // count against the storefront's own address, one allowance for the whole shop. The API believes it
    // from the proxies TRUST_PROXY names (loopback by default: this same process).
    ...(context.clientIp ? { axios: { headers: { 'X-Forwarded-For': context.clientIp } } } : {}),
    getToken: () => readCookie(context.requestCookie, TOKEN_COOKIE),
    getGroup: () => (staleGroup.has(context) ? undefined : groupFromCookie(context.requestCookie)),
    getCartToken: () => cartTokenOf(context),
  });
}
