// lib/hydration-start: when the page's hydration scripts start. What must hold: nothing is fetched while the
// main pictures are on their way; once they are decoded (or failed), after the next paint, the modulepreloads
// and one module script with the waiting text are added, once; the window's load does it too if it comes
// first; a page without such a picture starts after its first paint, or at once when its main part has fields
// to fill; the visitor's first touch, key or focus starts it at once; a picture that never arrives holds
// nothing back for more than START_AT_THE_LATEST_MS; a tab nobody looks at starts at once.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  START_AT_THE_LATEST_MS,
  WAITING_ID,
  WAITING_TYPE,
  startHydrationWhenPainted,
} from './hydration-start';

const LOADER = 'import * as route0 from "/assets/root.js";\nimport("/assets/entry.client.js");';

/** The page's end as PageScripts writes it, with `pictures` main pictures above, and a form's `fields`. */
function page(pictures: number, fields = '') {
  document.head.innerHTML = '';
  document.body.innerHTML =
    '<header><input type="search" name="q"></header>' +
    `<main>${'<img src="/img/main.webp" fetchpriority="high">'.repeat(pictures)}${fields}</main>` +
    '<img src="/img/logo.webp">'.repeat(2) +
    `<script type="${WAITING_TYPE}" id="${WAITING_ID}" data-modulepreload="/assets/entry.client.js /assets/root.js">${LOADER}</script>`;
}

/** Each main picture's decode() (jsdom has none), settled by the test. */
function pictureDecodes() {
  const pending: { resolve: () => void; reject: (e: Error) => void }[] = [];
  Object.defineProperty(HTMLImageElement.prototype, 'decode', {
    configurable: true,
    value: () => new Promise<void>((resolve, reject) => pending.push({ resolve, reject })),
  });
  return pending;
}

const started = () => ({
  preloads: [...document.head.querySelectorAll<HTMLLinkElement>('link[rel=modulepreload]')].map((l) =>
    l.getAttribute('href'),
  ),
  modules: [...document.head.querySelectorAll('script[type=module]')].map((s) => s.textContent),
});
const NOTHING = { preloads: [], modules: [] };
const STARTED = { preloads: ['/assets/entry.client.js', '/assets/root.js'], modules: [LOADER] };

/** One frame: the requestAnimationFrame callback, the paint, the task queued after it. */
const aFrameLater = () => vi.advanceTimersByTimeAsync(20);

let visibility: DocumentVisibilityState = 'visible';

beforeEach(() => {
  vi.useFakeTimers();
  // jsdom paints nothing: a frame is 16 ms of the (fake) clock.
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) =>
    setTimeout(() => callback(performance.now()), 16),
  );
  visibility = 'visible';
  vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
});

afterEach(() => {
  delete (HTMLImageElement.prototype as Partial<HTMLImageElement>).decode;
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('startHydrationWhenPainted', () => {
  it('waits for every main picture to be decoded, then starts once, after the next paint', async () => {
    page(2);
    const decodes = pictureDecodes();
    startHydrationWhenPainted(WAITING_ID, START_AT_THE_LATEST_MS);
    expect(decodes).toHaveLength(2);

    decodes[0]!.resolve();
    await aFrameLater();
    expect(started()).toEqual(NOTHING);

    decodes[1]!.resolve();
    await vi.advanceTimersByTimeAsync(0);
    // Decoded, not yet painted.
    expect(started()).toEqual(NOTHING);
    await aFrameLater();
    expect(started()).toEqual(STARTED);

    window.dispatchEvent(new Event('load'));
    await vi.advanceTimersByTimeAsync(START_AT_THE_LATEST_MS);
    expect(started()).toEqual(STARTED);
  });

  it('starts after a main picture that failed as after one that loaded', async () => {
    page(1);
    const decodes = pictureDecodes();
    startHydrationWhenPainted(WAITING_ID, START_AT_THE_LATEST_MS);
    decodes[0]!.reject(new Error('EncodingError'));
    await aFrameLater();
    expect(started()).toEqual(STARTED);
  });

  it('starts after the window has loaded if that comes before the pictures are decoded', async () => {
    page(1);
    pictureDecodes();
    startHydrationWhenPainted(WAITING_ID, START_AT_THE_LATEST_MS);
    await aFrameLater();
    expect(started()).toEqual(NOTHING);
    window.dispatchEvent(new Event('load'));
    expect(started()).toEqual(NOTHING);
    await aFrameLater();
    expect(started()).toEqual(STARTED);
  });

  it('without a main picture, starts after the first paint', async () => {
    page(0, '<input type="hidden" name="token"><p>Корзина пуста</p>');
    const decodes = pictureDecodes();
    startHydrationWhenPainted(WAITING_ID, START_AT_THE_LATEST_MS);
    expect(started()).toEqual(NOTHING);
    await aFrameLater();
    expect(decodes).toEqual([]);
    expect(started()).toEqual(STARTED);
  });

  it.each(['<input name="name">', '<textarea name="comment"></textarea>', '<select name="city"></select>'])(
    'without a main picture but with fields to fill (%s), starts at once: what is typed must not be lost',
    async (field) => {
      page(0, `<form>${field}</form>`);
      startHydrationWhenPainted(WAITING_ID, START_AT_THE_LATEST_MS);
      expect(started()).toEqual({ ...STARTED, modules: [] });
      await vi.advanceTimersByTimeAsync(0);
      expect(started()).toEqual(STARTED);
    },
  );

  it.each(['pointerdown', 'keydown', 'focusin'])(
    "starts at once at the visitor's first %s, before the pictures",
    async (type) => {
      page(1);
      pictureDecodes();
      startHydrationWhenPainted(WAITING_ID, START_AT_THE_LATEST_MS);
      await aFrameLater();
      expect(started()).toEqual(NOTHING);
      document.body.dispatchEvent(new Event(type, { bubbles: true }));
      await vi.advanceTimersByTimeAsync(0);
      expect(started()).toEqual(STARTED);
    },
  );

  it('starts after START_AT_THE_LATEST_MS when the main picture never arrives', async () => {
    page(1);
    pictureDecodes();
    startHydrationWhenPainted(WAITING_ID, START_AT_THE_LATEST_MS);
    await vi.advanceTimersByTimeAsync(START_AT_THE_LATEST_MS - 1);
    expect(started()).toEqual(NOTHING);
    await vi.advanceTimersByTimeAsync(1);
    expect(started().preloads).toEqual(STARTED.preloads);
    await vi.advanceTimersByTimeAsync(1);
    expect(started()).toEqual(STARTED);
  });

  it('starts at once in a tab nobody looks at', async () => {
    page(1);
    pictureDecodes();
    visibility = 'hidden';
    startHydrationWhenPainted(WAITING_ID, START_AT_THE_LATEST_MS);
    // The modulepreloads at once, the module script in the next task.
    expect(started()).toEqual({ ...STARTED, modules: [] });
    await vi.advanceTimersByTimeAsync(0);
    expect(started()).toEqual(STARTED);
  });
});
