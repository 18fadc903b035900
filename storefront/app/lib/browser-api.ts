import { createApiClient, type ApiClient } from '@shop/client';
import { useMemo } from 'react';
import { groupFromCookie } from './auth-cookies';
import { TOKEN_COOKIE, readCookie } from './cookies';
import { useShellData } from './shell-data';

// The API client for calls made in the browser (live search, later the cart and favourites). The base
// address is the runtime configuration the root loader handed down ('' = this site), the token and the
// representative's group are the visitor's cookies, so the browser and the server rendering act as the same
// person.

const clients = new Map<string, ApiClient>();

export function browserApi(baseURL: string): ApiClient {
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

/** The shared browser API client, for components (queries run in effects, never during SSR). */
export function useApi(): ApiClient {
  const { config } = useShellData();
  return useMemo(() => browserApi(config.apiBaseURL), [config.apiBaseURL]);
}
