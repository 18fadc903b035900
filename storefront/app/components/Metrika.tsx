import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { setAnalyticsCounter, trackPageHit } from '../lib/analytics';

const TAG_URL = 'https://mc.yandex.ru/metrika/tag.js';

/**
 * Metrika's own loader: a stub `ym` that queues calls, then tag.js added with `async`, so the page never
 * waits for it. The options are the spec's (§1): click map, link tracking, accurate bounce, session replay,
 * hash tracking and the e-commerce data layer. The id is digits only (checked in runtime-config.server).
 */
export function metrikaSnippet(counterId: string): string {
  const options = JSON.stringify({
    clickmap: true,
    trackLinks: true,
    accurateTrackBounce: true,
    webvisor: true,
    trackHash: true,
    ecommerce: 'dataLayer',
  });
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
 * The Yandex Metrika counter, only when the settings name one. Rendered into the server's HTML at the end
 * of the body; page views after client-side navigations are sent as hits (the first one the counter
 * counts itself).
 */
export function Metrika({ counterId }: { counterId: string | null }) {
  const location = useLocation();
  const url = location.pathname + location.search + location.hash;
  const previous = useRef<string | null>(null);

  useEffect(() => {
    setAnalyticsCounter(counterId);
  }, [counterId]);

  useEffect(() => {
    const href = window.location.href;
    if (previous.current !== null && previous.current !== href) {
      trackPageHit(href, { referer: previous.current, title: document.title });
    }
    previous.current = href;
  }, [url]);

  if (!counterId) return null;
  return (
    <>
      <script dangerouslySetInnerHTML={{ __html: metrikaSnippet(counterId) }} />
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
