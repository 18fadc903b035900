import { createApiClient, type ApiClient } from '@shop/client';
import type { AppLoadContext } from 'react-router';
import { TOKEN_COOKIE, readCookie } from './cookies';

/**
 * The API client for loaders and actions. The base address comes from the load context (set by the
 * server at run time), and the visitor's token cookie is forwarded so the API answers as for them.
 */
export function serverApi(context: AppLoadContext): ApiClient {
  return createApiClient({
    baseURL: context.apiBaseURL,
    getToken: () => readCookie(context.requestCookie, TOKEN_COOKIE),
  });
}
