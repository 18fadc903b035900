// "Стать представителем" (spec §2): the link scrolls to the block with id "represent" on the home page.
// From another page it goes home first and waits until the page stops changing size (images, fonts and
// sections arriving), so the scroll lands on the block's final place.

export const REPRESENT_ID = 'represent';
/** Spec §9: scroll debounce, the quiet time after the last size change. */
export const SETTLE_QUIET_MS = 1000;
/** A page that never settles (an animation, a carousel) still gets its scroll after this long. */
export const SETTLE_MAX_WAIT_MS = 8000;

export interface SettleOptions {
  quietMs?: number;
  maxWaitMs?: number;
  signal?: AbortSignal;
}

/**
 * Resolves once `target` has gone `quietMs` without a size change (a ResizeObserver, debounced), or after
 * `maxWaitMs` at most. Resolves `false` when aborted (the visitor went somewhere else meanwhile).
 */
export function waitForStableSize(target: Element, options: SettleOptions = {}): Promise<boolean> {
  const { quietMs = SETTLE_QUIET_MS, maxWaitMs = SETTLE_MAX_WAIT_MS, signal } = options;
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve(false);
    let quietTimer: ReturnType<typeof setTimeout> | undefined;
    const finish = (settled: boolean) => {
      clearTimeout(quietTimer);
      clearTimeout(maxTimer);
      observer?.disconnect();
      signal?.removeEventListener('abort', onAbort);
      resolve(settled);
    };
    const onAbort = () => finish(false);
    // Every change restarts the quiet period (the observer also reports once right after observe()).
    const restart = () => {
      clearTimeout(quietTimer);
      quietTimer = setTimeout(() => finish(true), quietMs);
    };
    const maxTimer = setTimeout(() => finish(true), maxWaitMs);
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(restart);
    observer?.observe(target);
    signal?.addEventListener('abort', onAbort);
    restart();
  });
}

/** Smoothly scrolls the represent block to the middle of the screen; false when the page has none. */
export function scrollToRepresent(doc: Document = document): boolean {
  const block = doc.getElementById(REPRESENT_ID);
  if (!block) return false;
  const reduceMotion = doc.defaultView?.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
  block.scrollIntoView({ behavior: reduceMotion ? 'auto' : 'smooth', block: 'center' });
  return true;
}
