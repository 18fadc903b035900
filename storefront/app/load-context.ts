import type { InProcessTransport } from '@shop/client';

// What the server hands every loader and action (server/src/platform/web/storefront.ts builds it per request).
// Declared here, by declaration merging, because only the storefront reads it.
declare module 'react-router' {
  interface AppLoadContext {
    /** Absolute base address of the API for calls made during SSR, e.g. http://127.0.0.1:3000. */
    apiBaseURL: string;
    /**
     * Answers the loaders' API calls inside the server's own process (no loopback HTTP); absent when the API
     * is elsewhere (BASE_URL_TO_API) or under the Vite dev server.
     */
    apiTransport?: InProcessTransport;
    /** The Cookie header of the incoming request: the token cookie `auth.token` is forwarded from it. */
    requestCookie: string | undefined;
    /** The visitor's IP address; the API calls of SSR name it in X-Forwarded-For (the API trusts loopback). */
    clientIp?: string;
    /** Render the whole page before answering (the server keeps it in its page cache), as for bots. */
    completePage?: boolean;
    /** This response's Content-Security-Policy nonce (entry.server.tsx makes one when the server gave none). */
    cspNonce?: string;
  }
}

export {};
