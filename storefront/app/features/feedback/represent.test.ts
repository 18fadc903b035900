import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SETTLE_MAX_WAIT_MS, SETTLE_QUIET_MS, scrollToRepresent, waitForStableSize } from './represent';

/** A ResizeObserver the test drives: resize() reports a size change of everything observed. */
class FakeResizeObserver {
  static instances: FakeResizeObserver[] = [];
  observed: Element[] = [];
  disconnected = false;
  constructor(private readonly callback: ResizeObserverCallback) {
    FakeResizeObserver.instances.push(this);
  }
  observe(target: Element) {
    this.observed.push(target);
    // Like the real one: a first report right after observe().
    this.resize();
  }
  unobserve() {}
  disconnect() {
    this.disconnected = true;
  }
  resize() {
    if (!this.disconnected) this.callback([], this);
  }
}

describe('waitForStableSize', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakeResizeObserver.instances = [];
    vi.stubGlobal('ResizeObserver', FakeResizeObserver);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  const track = (promise: Promise<boolean>) => {
    const state: { result?: boolean } = {};
    void promise.then((r) => (state.result = r));
    return state;
  };

  it('resolves 1000 ms after the last size change', async () => {
    expect(SETTLE_QUIET_MS).toBe(1000);
    const state = track(waitForStableSize(document.body));
    const observer = FakeResizeObserver.instances[0]!;
    expect(observer.observed).toEqual([document.body]);

    // The page keeps growing (images, sections): each change restarts the wait.
    for (let i = 0; i < 5; i++) {
      await vi.advanceTimersByTimeAsync(900);
      observer.resize();
    }
    expect(state.result).toBeUndefined();

    await vi.advanceTimersByTimeAsync(999);
    expect(state.result).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(state.result).toBe(true);
    expect(observer.disconnected).toBe(true);
  });

  it('gives up waiting after the maximum, for a page that never settles', async () => {
    const state = track(waitForStableSize(document.body));
    const observer = FakeResizeObserver.instances[0]!;
    for (let t = 0; t < SETTLE_MAX_WAIT_MS - 500; t += 500) {
      await vi.advanceTimersByTimeAsync(500);
      observer.resize();
    }
    expect(state.result).toBeUndefined();
    await vi.advanceTimersByTimeAsync(500);
    expect(state.result).toBe(true);
  });

  it('resolves false when aborted (the visitor went elsewhere)', async () => {
    const controller = new AbortController();
    const state = track(waitForStableSize(document.body, { signal: controller.signal }));
    await vi.advanceTimersByTimeAsync(300);
    controller.abort();
    await vi.advanceTimersByTimeAsync(0);
    expect(state.result).toBe(false);
    expect(FakeResizeObserver.instances[0]!.disconnected).toBe(true);
  });

  it('still waits the quiet time where ResizeObserver is missing', async () => {
    vi.stubGlobal('ResizeObserver', undefined);
    const state = track(waitForStableSize(document.body, { quietMs: 1000 }));
    await vi.advanceTimersByTimeAsync(999);
    expect(state.result).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(state.result).toBe(true);
  });
});

describe('scrollToRepresent', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('scrolls the block smoothly to the middle of the screen', () => {
    document.body.innerHTML = '<section id="represent"></section>';
    const block = document.getElementById('represent')!;
    const scrollIntoView = vi.fn();
    block.scrollIntoView = scrollIntoView;
    expect(scrollToRepresent()).toBe(true);
    expect(scrollIntoView).toHaveBeenCalledWith({ behavior: 'smooth', block: 'center' });
  });

  it('does nothing on a page without the block', () => {
    expect(scrollToRepresent()).toBe(false);
  });
});
