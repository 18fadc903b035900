// Yandex Maps JavaScript API 2.1 (spec §1: Russian locale, an API key from the settings), loaded on demand:
// only a page that shows a map calls loadYandexMaps, and only when a key is set.
//
//   const { config } = useShellData();
//   useEffect(() => {
//     if (!config.mapsApiKey) return;
//     loadYandexMaps(config.mapsApiKey).then((ymaps) => new ymaps.Map(node, { center, zoom: 15 }))
//       .catch((error) => console.error(error)); // show the address as text instead
//   }, [config.mapsApiKey]);

/** The global `ymaps` namespace; typed loosely (the API is large and has no maintained types here). */
export type YMaps = {
  ready: (callback: () => void, errorCallback?: (error: unknown) => void) => unknown;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  [name: string]: any;
};

declare global {
  interface Window {
    ymaps?: YMaps;
  }
}

export function yandexMapsUrl(apiKey: string): string {
  // csp=true: the API's own styles come as blob: stylesheets, not inline <style> elements, which the page's
  // Content-Security-Policy refuses (lib/content-security-policy.ts).
  return `https://api-maps.yandex.ru/2.1/?apikey=${encodeURIComponent(apiKey)}&lang=ru_RU&csp=true`;
}

let pending: { key: string; promise: Promise<YMaps> } | null = null;

/**
 * Adds the API's script once and resolves with `ymaps` when it is ready. A second call with the same key
 * shares the first one's promise; a failed load is forgotten, so a later call tries again.
 */
export function loadYandexMaps(apiKey: string | null | undefined): Promise<YMaps> {
  if (typeof window === 'undefined') return Promise.reject(new Error('Yandex Maps load in the browser only'));
  if (!apiKey) return Promise.reject(new Error('Yandex Maps: no API key in the settings'));
  if (pending?.key === apiKey) return pending.promise;

  const promise = new Promise<YMaps>((resolve, reject) => {
    const whenReady = () => {
      const ymaps = window.ymaps;
      if (!ymaps) return reject(new Error('Yandex Maps: the script loaded without ymaps'));
      ymaps.ready(() => resolve(ymaps), reject);
    };
    if (window.ymaps) return whenReady();
    const script = document.createElement('script');
    script.src = yandexMapsUrl(apiKey);
    script.async = true;
    script.onload = whenReady;
    script.onerror = () => {
      script.remove();
      reject(new Error('Yandex Maps: the script could not be loaded'));
    };
    document.head.appendChild(script);
  });
  pending = { key: apiKey, promise };
  promise.catch(() => {
    if (pending?.promise === promise) pending = null;
  });
  return promise;
}
