import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { waitForImage } from './wait-for-image';

// jsdom never loads images: the test decides when one is "complete".
let loaded = false;
beforeEach(() => {
  vi.useFakeTimers();
  loaded = false;
  vi.spyOn(HTMLImageElement.prototype, 'complete', 'get').mockImplementation(() => loaded);
  vi.spyOn(HTMLImageElement.prototype, 'naturalWidth', 'get').mockImplementation(() => (loaded ? 800 : 0));
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('waitForImage', () => {
  it('checks every 100 ms and resolves once the image has loaded', async () => {
    let done = false;
    const wait = waitForImage({ src: '/img/1536/demo/a.webp' }).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(1000);
    expect(done).toBe(false);
    loaded = true;
    await vi.advanceTimersByTimeAsync(100);
    await wait;
    expect(done).toBe(true);
  });

  it('gives up after 50 checks (about 5 seconds)', async () => {
    const wait = waitForImage({ src: '/img/1536/demo/missing.webp' });
    const failed = expect(wait).rejects.toThrow(/50 checks/);
    await vi.advanceTimersByTimeAsync(49 * 100);
    await failed;
  });
});
