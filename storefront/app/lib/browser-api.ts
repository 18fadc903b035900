import type * as ClientModule from '@shop/client';
import type { ApiClient } from '@shop/client';
import { useMemo } from 'react';
import { groupFromCookie } from './auth-cookies';
import { loadOnce } from './load-once';
import { TOKEN_COOKIE, readCookie } from './cookies';
import { useShellData } from './shell-data';

// The API client for calls made in the browser (live search, sign-in, forms). The base address is the
// runtime configuration the root loader handed down ('' = this site), the token and the representative's
// group are the visitor's cookies, so the browser and the server rendering act as the same person.
//
// Every browser call follows a click, typing or a tab coming back, never the first render: the client
// (axios with it, about 24 kB gzip) is imported at the first call instead of with every page. Browser code
// takes the client and its error helpers from here, never from '@shop/client' directly, or the bundler puts
// the whole client back into the page's scripts (server loaders and actions import '@shop/client').

const clientModule = loadOnce<typeof ClientModule>(() => import('@shop/client'));
/** Loads the client (once); the first call does it, tests do it up front for the error helpers. */
export const loadApiClient = clientModule.load;

const clients = new Map<string, ApiClient>();

async function realClient(baseURL: string): Promise<ApiClient> {
  const { createApiClient } = await loadApiClient();
  let client = clients.get(baseURL);
  if (!client) {
    client = createApiClient({
      baseURL,
      getToken: () =>
        typeof document === 'undefined' ? undefined : readCookie(document.cookie, TOKEN_COOKIE),
      getGroup: () => (typeof document === 'undefined' ? undefined : groupFromCookie(document.cookie)),
    });
    clients.set(baseURL, client);
  }
  return client;
}

/**
 * `api.catalog.searchProducts(…)` and the like, each a promise that loads the client first. Only the
 * client's calls are offered (its `http` instance is not): they are all async already.
 */
function lazyCalls(baseURL: string, path: readonly string[]): unknown {
  return new Proxy(() => undefined, {
    get: (_target, key) =>
      // Not a promise itself: `await api` or React's checks for a thenable find no `then`.
      key === 'then' || typeof key === 'symbol' ? undefined : lazyCalls(baseURL, [...path, key]),
    apply: async (_target, _this, args: unknown[]) => {
      let owner: unknown = await realClient(baseURL);
      for (const key of path.slice(0, -1)) owner = (owner as Record<string, unknown>)[key];
      const call = (owner as Record<string, (...a: unknown[]) => unknown>)[path.at(-1)!];
      if (typeof call !== 'function') throw new TypeError(`No API call ${path.join('.')}`);
      return call.apply(owner, args);
    },
  });
}

const browserClients = new Map<string, ApiClient>();

export function browserApi(baseURL: string): ApiClient {
  let client = browserClients.get(baseURL);
  if (!client) {
    client = lazyCalls(baseURL, []) as ApiClient;
    browserClients.set(baseURL, client);
  }
  return client;
}

/** The shared browser API client, for components (queries run in effects, never during SSR). */
export function useApi(): ApiClient {
  const { config } = useShellData();
  return useMemo(() => browserApi(config.apiBaseURL), [config.apiBaseURL]);
}

// The client's error helpers. A failed call's error comes from the loaded client; before the first call
// there is no API error to read, so the answers are those of an error that is not one.

/** The server's Russian message for a failed call, or a generic one (see '@shop/client'). */
export const apiErrorMessage = (error: unknown): string =>
  clientModule.current()?.apiErrorMessage(error) ?? 'Произошла ошибка. Попробуйте ещё раз.';

/** The HTTP status of a failed call's answer; undefined when none came. */
export const apiErrorStatus = (error: unknown): number | undefined =>
  clientModule.current()?.apiErrorStatus(error);

/** Per-field Russian messages of a 400 answer, keyed by field name. */
export const apiFieldErrors = (error: unknown): Record<string, string> =>
  clientModule.current()?.apiFieldErrors(error) ?? {};
