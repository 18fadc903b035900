import { afterEach, describe, expect, it } from 'vitest';
import { loadYandexMaps, yandexMapsUrl } from './yandex-maps';

describe('loadYandexMaps', () => {
  afterEach(() => {
    document.head.querySelectorAll('script').forEach((s) => s.remove());
    delete window.ymaps;
  });

  it('refuses without a key and loads nothing', async () => {
    await expect(loadYandexMaps(null)).rejects.toThrow(/ключ|key/i);
    expect(document.head.querySelector('script')).toBeNull();
  });

  it('adds the API script once, in Russian, and resolves when ymaps is ready', async () => {
    const first = loadYandexMaps('key-1');
    const second = loadYandexMaps('key-1');
    expect(second).toBe(first);
    const scripts = document.head.querySelectorAll('script');
    expect(scripts).toHaveLength(1);
    expect(scripts[0]!.src).toBe('https://api-maps.yandex.ru/2.1/?apikey=key-1&lang=ru_RU&csp=true');
    expect(scripts[0]!.async).toBe(true);

    const ymaps = { ready: (callback: () => void) => callback(), Map: class {} };
    window.ymaps = ymaps;
    scripts[0]!.dispatchEvent(new Event('load'));
    await expect(first).resolves.toBe(ymaps);
  });

  it('forgets a failed load so that a later call tries again', async () => {
    const failed = loadYandexMaps('key-2');
    document.head.querySelector('script')!.dispatchEvent(new Event('error'));
    await expect(failed).rejects.toThrow(/could not be loaded/);
    expect(document.head.querySelector('script')).toBeNull();
    const retry = loadYandexMaps('key-2');
    expect(retry).not.toBe(failed);
    expect(document.head.querySelectorAll('script')).toHaveLength(1);
    retry.catch(() => {});
  });

  it('encodes the key', () => {
    expect(yandexMapsUrl('a b&c')).toBe(
      'https://api-maps.yandex.ru/2.1/?apikey=a%20b%26c&lang=ru_RU&csp=true',
    );
  });
});
