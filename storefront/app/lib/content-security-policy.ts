// The storefront pages' Content-Security-Policy (docs/security.md, "Headers"), written by entry.server.tsx
// for every HTML answer. Scripts run only from this site's files or with this response's nonce: no
// 'unsafe-inline', no 'unsafe-eval'. Yandex Metrika and Yandex Maps are allowed only when the settings
// name a counter or a key, the same condition under which the page loads them (features/shell/Metrika.tsx,
// features/content/yandex-maps.ts).

export interface StorefrontPolicyInput {
  /** This response's nonce: the inline scripts of the page carry it. */
  nonce: string;
  /** Served over HTTPS (the request's protocol, past trusted proxies): plain-HTTP subresources are upgraded. */
  https: boolean;
  /** The settings name a Yandex Metrika counter. */
  metrika: boolean;
  /** The settings name a Yandex Maps key. */
  maps: boolean;
  /** The origin the browser calls the API at when BASE_URL_TO_API names another site; null for this site. */
  apiOrigin: string | null;
}

type Sources = Partial<Record<Directive, string[]>>;
type Directive = 'script-src' | 'style-src-elem' | 'img-src' | 'connect-src' | 'frame-src' | 'child-src';

/**
 * Yandex Metrika's tag (https://yandex.ru/support/metrica/): tag.js and its modules, the counter's pixel and
 * hits, the session replay's (Webvisor) connection, and the blob: frame it records through.
 */
export const METRIKA_SOURCES: Sources = {
  'script-src': ['https://mc.yandex.ru', 'https://yastatic.net'],
  'img-src': ['https://mc.yandex.ru'],
  'connect-src': ['https://mc.yandex.ru', 'wss://mc.yandex.ru'],
  'frame-src': ['blob:', 'https://mc.yandex.ru'],
  'child-src': ['blob:', 'https://mc.yandex.ru'],
};

/**
 * Yandex Maps JavaScript API 2.1 in its CSP mode (`csp=true`, features/content/yandex-maps.ts): the loader and its modules,
 * the search suggestions, tiles and data from *.maps.yandex.net, and its styles as blob: stylesheets instead
 * of inline <style> elements.
 */
export const MAPS_SOURCES: Sources = {
  'script-src': [
    'https://api-maps.yandex.ru',
    'https://suggest-maps.yandex.ru',
    'https://*.maps.yandex.net',
    'https://yandex.ru',
    'https://yastatic.net',
  ],
  'style-src-elem': ['blob:'],
  'img-src': ['https://api-maps.yandex.ru', 'https://*.maps.yandex.net', 'https://yandex.ru'],
  'connect-src': [
    'https://api-maps.yandex.ru',
    'https://suggest-maps.yandex.ru',
    'https://*.maps.yandex.net',
    'https://yandex.ru',
  ],
  'frame-src': ['https://api-maps.yandex.ru'],
};

/** The header's value: directives in a fixed order, each source once. */
export function storefrontPolicy(input: StorefrontPolicyInput): string {
  const extra = [input.metrika ? METRIKA_SOURCES : {}, input.maps ? MAPS_SOURCES : {}];
  const plus = (directive: Directive, base: string[]) => [
    ...new Set([...base, ...extra.flatMap((sources) => sources[directive] ?? [])]),
  ];
  const api = input.apiOrigin ? [input.apiOrigin] : [];
  const frames = plus('frame-src', []);
  const children = plus('child-src', []);
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    // The build's modules from this site; inline scripts (React Router's hydration data and module loader,
    // the Metrika snippet) only with the nonce.
    ['script-src', plus('script-src', ["'self'", `'nonce-${input.nonce}'`])],
    // No onclick="…" attributes, whatever else is allowed.
    ['script-src-attr', ["'none'"]],
    // React writes style="…" attributes (swatches, rating bars, the zoom's origin): those need 'unsafe-inline',
    // given to attributes only. Browsers that know style-src-elem (CSP 3) allow no inline <style> element;
    // older ones fall back to style-src.
    ['style-src', ["'self'", "'unsafe-inline'"]],
    ['style-src-elem', plus('style-src-elem', ["'self'"])],
    ['style-src-attr', ["'unsafe-inline'"]],
    // data: for the captcha picture and icons.
    ['img-src', plus('img-src', ["'self'", 'data:'])],
    ['font-src', ["'self'"]],
    ['connect-src', plus('connect-src', ["'self'", ...api])],
    ['frame-src', frames.length ? frames : ["'none'"]],
    ...(children.length ? [['child-src', children] as [string, string[]]] : []),
    ['object-src', ["'none'"]],
    ['base-uri', ["'none'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'none'"]],
    ...(input.https ? [['upgrade-insecure-requests', []] as [string, string[]]] : []),
  ];
  return directives.map(([name, sources]) => [name, ...sources].join(' ')).join('; ');
}

/** The origin of BASE_URL_TO_API when the browser is to call another site; null for '' or this very site. */
export function apiOriginOf(apiBaseURL: string, pageOrigin: string): string | null {
  if (!apiBaseURL) return null;
  try {
    const origin = new URL(apiBaseURL, pageOrigin).origin;
    return origin === pageOrigin ? null : origin;
  } catch {
    return null;
  }
}
