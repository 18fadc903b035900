// When a page's hydration scripts start (lib/page-scripts.tsx writes them into the page waiting, with this
// starter). Plain browser code without imports: the starter is written into the page as this function's text.
// Also read by the first download's count (storefront/first-download.ts), outside the app's build.

/** The waiting module script's type: a browser runs no script whose type it does not know. */
export const WAITING_TYPE = 'text/x-hydration';
/** The waiting module script's id, for the starter. */
export const WAITING_ID = 'hydration-scripts';
/** Hydration starts at the latest this long after the HTML was parsed (a picture that never arrives). */
export const START_AT_THE_LATEST_MS = 3000;

/**
 * The starter, run by the inline script right after the waiting module script (its text is this function's:
 * plain browser code, no imports). Adds the modulepreload links and a module script with the waiting one's
 * text and this script's nonce, once: after the next paint that follows the decoding of every picture marked
 * fetchpriority="high" (the page's main pictures: what a phone shows first) or the window's load, whichever
 * comes first; on a page without such a picture after its first paint (this script waits for the stylesheet,
 * so that paint is the page), or at once when its main part has fields to fill (the visitor may type at once,
 * and what is typed before hydration is lost to a controlled field's state); at the first touch, key or focus
 * (the visitor wants the page to work now) and in a tab nobody looks at (nothing is painted there); at the
 * latest after `latestMs`.
 */
export function startHydrationWhenPainted(waitingId: string, latestMs: number): void {
  const starter = document.currentScript as HTMLScriptElement | null;
  let started = false;
  const start = () => {
    const waiting = document.getElementById(waitingId);
    if (started || !waiting) return;
    started = true;
    for (const href of (waiting.dataset.modulepreload ?? '').split(' ')) {
      if (!href) continue;
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = href;
      document.head.appendChild(link);
    }
    // The module script in a task of its own: asking for the files and then compiling and linking the
    // script are two short tasks rather than one long one on a slow phone's main thread.
    setTimeout(() => {
      const script = document.createElement('script');
      script.type = 'module';
      if (starter) script.nonce = starter.nonce;
      script.textContent = waiting.textContent;
      document.head.appendChild(script);
    }, 0);
  };
  // requestAnimationFrame runs just before a paint; a task queued from it runs after that paint.
  const afterNextPaint = () => {
    requestAnimationFrame(() => setTimeout(start, 0));
  };
  setTimeout(start, latestMs);
  const pictures = Array.from(document.querySelectorAll<HTMLImageElement>('img[fetchpriority="high"]'));
  const fields = document.querySelector('main input:not([type="hidden"]), main textarea, main select');
  if (document.visibilityState !== 'visible' || (!pictures.length && fields)) return start();
  for (const type of ['pointerdown', 'keydown', 'focusin']) {
    window.addEventListener(type, start, { once: true, capture: true, passive: true });
  }
  if (!pictures.length) return afterNextPaint();
  window.addEventListener('load', afterNextPaint, { once: true });
  void Promise.all(pictures.map((img) => img.decode().catch(() => undefined))).then(afterNextPaint);
}
