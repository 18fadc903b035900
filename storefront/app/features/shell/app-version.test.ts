import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  BUILD_INFO_PATH,
  CHUNK_RELOAD_GUARD_MS,
  claimChunkReload,
  isChunkLoadError,
  isNewVersionDeployed,
} from './app-version';

describe('claimChunkReload', () => {
  afterEach(() => sessionStorage.clear());

  it('allows one reload per path per 10 seconds', () => {
    expect(CHUNK_RELOAD_GUARD_MS).toBe(10_000);
    const t0 = 1_000_000;
    expect(claimChunkReload('/catalog', sessionStorage, t0)).toBe(true);
    expect(claimChunkReload('/catalog', sessionStorage, t0 + 9_999)).toBe(false);
    // Another address has its own allowance.
    expect(claimChunkReload('/cart', sessionStorage, t0 + 5_000)).toBe(true);
    expect(claimChunkReload('/catalog', sessionStorage, t0 + 10_000)).toBe(true);
    expect(claimChunkReload('/catalog', sessionStorage, t0 + 10_001)).toBe(false);
  });

  it('allows the reload when storage is unavailable', () => {
    expect(claimChunkReload('/', null)).toBe(true);
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
    } as unknown as Storage;
    expect(claimChunkReload('/', broken)).toBe(true);
  });
});

describe('isChunkLoadError', () => {
  it('recognises the browsers’ messages for a missing module or style', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(
      true,
    );
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Unable to preload CSS for /assets/a.css'))).toBe(true);
    expect(isChunkLoadError(new Error('Network Error'))).toBe(false);
    expect(isChunkLoadError(undefined)).toBe(false);
  });
});

describe('isNewVersionDeployed', () => {
  afterEach(() => {
    delete window.__reactRouterManifest;
  });
  const answer = (body: unknown, ok = true) =>
    vi.fn(async () => ({ ok, json: async () => body }) as Response) as unknown as typeof fetch;

  it('compares the page’s build with the deployed one, bypassing caches', async () => {
    window.__reactRouterManifest = { version: 'aaa111' };
    const same = answer({ version: 'aaa111' });
    expect(await isNewVersionDeployed(same)).toBe(false);
    expect(same).toHaveBeenCalledWith(BUILD_INFO_PATH, expect.objectContaining({ cache: 'no-store' }));
    expect(await isNewVersionDeployed(answer({ version: 'bbb222' }))).toBe(true);
  });

  it('says no when it cannot tell', async () => {
    window.__reactRouterManifest = { version: 'aaa111' };
    expect(await isNewVersionDeployed(answer({}, false))).toBe(false);
    expect(await isNewVersionDeployed(answer({ nothing: true }))).toBe(false);
    const offline = vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))) as unknown as typeof fetch;
    expect(await isNewVersionDeployed(offline)).toBe(false);
    delete window.__reactRouterManifest;
    expect(await isNewVersionDeployed(answer({ version: 'bbb222' }))).toBe(false);
  });
});
