import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { setAnalyticsCounter, trackPageHit } from '../../lib/analytics';

const TAG_URL = 'https://mc.yandex.ru/metrika/tag.js';
const METRIKA_OPTIONS = {
  clickmap: true,
  trackLinks: true,
  accurateTrackBounce: true,
  webvisor: true,
  trackHash: true,
  ecommerce: 'dataLayer',
};

/**
 * Metrika's own loader: a stub `ym` that queues calls, then tag.js added with `async`, so the page never
 * waits for it. The options are the spec's (§1): click map, link tracking, accurate bounce, session replay,
 * hash tracking and the e-commerce data layer. The id is digits only (checked in runtime-config.server).
 */
export function metrikaSnippet(counterId: string): string {
  const options = JSON.stringify(METRIKA_OPTIONS);
  return (
    'window.dataLayer=window.dataLayer||[];' +
    '(function(m,e,t,r,i,k,a){m[i]=m[i]||function(){(m[i].a=m[i].a||[]).push(arguments)};' +
    'm[i].l=1*new Date();for(var j=0;j<e.scripts.length;j++){if(e.scripts[j].src===r){return;}}' +
    'k=e.createElement(t),a=e.getElementsByTagName(t)[0],k.async=1,k.src=r,a.parentNode.insertBefore(k,a)})' +
    `(window,document,"script",${JSON.stringify(TAG_URL)},"ym");` +
    `ym(${Number(counterId)},"init",${options});`
  );
}

/**
 * Pages whose address carries a secret (the links of letters: password reset, e-mail confirmation, the
 * newsletter's confirmation and unsubscribe). Metrika reports the address of every page it sees, and its
 * session replay (webvisor) records the page itself: neither may reach Yandex with a live token.
 */
const TOKEN_PAGES = new Set([
  '/change-password',
  '/mail-confirm',
  '/newsletter/confirm',
  '/newsletter/unsubscribe',
]);

/** Whether this address carries a secret: a page of letters' links, or any address with a token. */
export function carriesToken(pathname: string, search: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return TOKEN_PAGES.has(path) || new URLSearchParams(search).has('token');
}

/**
 * Adds the counter to a page that was opened without it (a token page the visitor has left): what the
 * snippet does, by DOM calls rather than an inline script, which a nonce-only Content-Security-Policy would
 * refuse to run once the page is loaded.
 */
function loadMetrika(counterId: string) {
  type Queue = ((...args: unknown[]) => void) & { a?: unknown[][]; l?: number };
  const w = window as unknown as { dataLayer?: unknown[]; ym?: Queue };
  w.dataLayer = w.dataLayer ?? [];
  if (typeof w.ym !== 'function') {
    const ym: Queue = (...args: unknown[]) => {
      (ym.a = ym.a ?? []).push(args);
    };
    ym.l = Date.now();
    w.ym = ym;
  }
  if (![...document.scripts].some((s) => s.src === TAG_URL)) {
    const tag = document.createElement('script');
    tag.async = true;
    tag.src = TAG_URL;
    document.head.appendChild(tag);
  }
  w.ym(Number(counterId), 'init', METRIKA_OPTIONS);
}

/**
 * The Yandex Metrika counter, only when the settings name one and never on a page whose address carries a
 * token: the server's HTML of such a page has no counter at all. Rendered into the server's HTML at the end
 * of the body; page views after client-side navigations are sent as hits (the first one the counter counts
 * itself). A visitor who came by a letter's link gets the counter on the first page without a token; a
 * token page is never named as a referer.
 */
export function Metrika({ counterId, nonce }: { counterId: string | null; nonce?: string }) {
  const location = useLocation();
  const url = location.pathname + location.search + location.hash;
  const secret = carriesToken(location.pathname, location.search);
  const previous = useRef<string | null>(null);

  useEffect(() => {
    setAnalyticsCounter(counterId);
  }, [counterId]);

  useEffect(() => {
    const href = window.location.href;
    const referer = previous.current;
    previous.current = secret ? null : href;
    if (!counterId || secret) return;
    // Not on the page yet: the page was opened by a letter's link. Its own start counts this page.
    if (typeof window.ym !== 'function') {
      loadMetrika(counterId);
      return;
    }
    if (referer !== null && referer !== href) {
      trackPageHit(href, { referer, title: document.title });
    }
  }, [url, counterId, secret]);

  if (!counterId || secret) return null;
  return (
    <>
      {/* The page's CSP allows an inline script only with this response's nonce. */}
      <script nonce={nonce} dangerouslySetInnerHTML={{ __html: metrikaSnippet(counterId) }} />
      <noscript>
        <div>
          <img
            src={`https://mc.yandex.ru/watch/${counterId}`}
            style={{ position: 'absolute', left: '-9999px' }}
            alt=""
          />
        </div>
      </noscript>
    </>
  );
}
