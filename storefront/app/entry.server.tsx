// React Router's server entry (its default, plus the Content-Security-Policy): every HTML answer carries a
// policy with this response's nonce, and every inline script React Router and React write (the hydration
// data, the module loader, the streamed chunks, scroll restoration) carries that nonce. The nonce comes
// from the server (server/src/platform/web/storefront.ts, through the load context); a server that gave none (the
// Vite dev server) gets one made here.
import { randomBytes } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import { renderToPipeableStream, type RenderToPipeableStreamOptions } from 'react-dom/server';
import { ServerRouter, type AppLoadContext, type EntryContext } from 'react-router';
import { apiOriginOf, storefrontPolicy } from './lib/content-security-policy';
import { deferredPartsReady } from './lib/deferred';
import { NonceContext } from './lib/nonce';
import type { ShellData } from './lib/shell-data';

export const streamTimeout = 5_000;

/** The policy for this page: third parties only when the root loader's settings turned them on. */
function policyOf(request: Request, context: EntryContext, nonce: string): string {
  const url = new URL(request.url);
  const shell = context.staticHandlerContext.loaderData.root as ShellData | undefined;
  const config = shell?.config;
  return storefrontPolicy({
    nonce,
    https: url.protocol === 'https:',
    metrika: Boolean(config?.analyticsCounterId),
    maps: Boolean(config?.mapsApiKey),
    apiOrigin: config ? apiOriginOf(config.apiBaseURL, url.origin) : null,
  });
}

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce || randomBytes(16).toString('base64');
  responseHeaders.set('Content-Security-Policy', policyOf(request, routerContext, nonce));

  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  // The parts the browser hydrates later (lib/deferred) are in the page's HTML from the start, never streamed.
  await deferredPartsReady();
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get('user-agent');

    // Bots (and curl) get the complete page, and so does a page the server keeps; browsers a stream.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode || loadContext.completePage
        ? 'onAllReady'
        : 'onShellReady';

    // Abort the rendering stream after `streamTimeout`, so that it has time to flush the rejected boundaries.
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext.Provider>,
      {
        // React's own inline scripts (completing streamed Suspense boundaries) carry it too.
        nonce,
        // Every Suspense boundary whose content is ready goes into the HTML where it stands. React otherwise
        // sends the ones after its first 12.8 kB of HTML at the end of the body, put in place by a script: the
        // header and footer of lib/deferred would appear late and move the page on a phone (issue 28).
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              // Clear the timeout to prevent retaining the closure and memory leak.
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          const stream = createReadableStreamFromReadable(body);
          responseHeaders.set('Content-Type', 'text/html');
          pipe(body);
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
        },
        onShellError(error: unknown) {
          reject(error instanceof Error ? error : new Error(String(error)));
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors while streaming inside the shell; those of the shell itself are logged by React Router.
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}
