// Which storefront requests the page cache answers, how such a page is rendered for keeping, and how a kept
// page is sent. A request qualifies when its page opted in (the route module's `handle`, storefront
// lib/guest-page.ts) and it carries nothing of a visitor; the page is then rendered with no cookies at all.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { matchRoutes, type RouteObject, type ServerBuild } from 'react-router';
import {
  cachedPage,
  policyWithScriptHashes,
  preferredEncoding,
  type CachedPage,
  type PageCache,
} from './page-cache';

/** The guest's cart token (HttpOnly) and the count the header shows (storefront lib/cookies.ts, spec §3). */
const CART_TOKEN = 'cartToken';
const CART_COUNT = 'productCard';

/**
 * Whether the page a request asks for is the one rendered for nobody in particular. Cookies that say
 * nothing to the pages: analytics' own (`_ym_uid`, `_ga`: a leading underscore, which none of the shop's
 * cookies has) and a guest's cart. A guest's cart shows on the pages only as the header's count, which the
 * browser takes from `productCard` after hydration (storefront features/cart/count-cookie.ts); the cart
 * token itself never reaches the kept page's render. So a cart qualifies only with its count cookie there to
 * show: a token without it (the count lives a day, the token a month), or a count other than 0 without a
 * token (left from a session), is rendered afresh, and that answer writes the right count.
 * Any other cookie (a session, a representative's group, a notice) makes the request personal.
 */
export function isGuestRequest(cookieHeader: string | undefined): boolean {
  if (!cookieHeader) return true;
  let token = false;
  let count: string | undefined;
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    const name = (eq < 0 ? part : part.slice(0, eq)).trim();
    const value = eq < 0 ? '' : part.slice(eq + 1).trim();
    if (!name || name.startsWith('_')) continue;
    if (name === CART_TOKEN && value !== '') token = true;
    // The browser's reading of it (count-cookie.ts) takes digits only: anything else is mended by a render.
    else if (name === CART_COUNT && count === undefined && /^\d{1,9}$/.test(value)) count = value;
    else return false;
  }
  return token ? count !== undefined : count === undefined || Number(count) === 0;
}

/** What the storefront knows of an address before rendering it. */
export interface StorefrontPage {
  /**
   * The pattern of the page it shows ('/catalog/:slug', '/*' for the not-found page), with '.data' for a
   * client-side navigation's data request: one of a fixed few, the label of its requests in GET /metrics.
   */
  pattern: string;
  /** Its page says `handle.guestPageCache`: a guest's request may be answered from the page cache. */
  guestCache: boolean;
}

/** The page an address shows, by the build's routes. */
export function storefrontPages(build: ServerBuild): (url: string) => StorefrontPage {
  // build.routes is flat (each route names its parent): the tree matchRoutes walks is rebuilt once.
  const nodes = new Map<string, RouteObject>();
  for (const route of Object.values(build.routes)) {
    if (!route) continue;
    const common = { id: route.id, path: route.path, caseSensitive: route.caseSensitive };
    nodes.set(route.id, route.index ? { ...common, index: true } : { ...common, children: [] });
  }
  const roots: RouteObject[] = [];
  for (const route of Object.values(build.routes)) {
    if (!route) continue;
    const parent = route.parentId ? (nodes.get(route.parentId) as { children?: RouteObject[] }) : undefined;
    (parent?.children ?? roots).push(nodes.get(route.id)!);
  }
  const pageOf = (path: string, data: boolean): StorefrontPage => {
    const matches = matchRoutes(roots, path, build.basename);
    const id = matches?.at(-1)?.route.id;
    const handle = id
      ? (build.routes[id]?.module.handle as { guestPageCache?: boolean } | undefined)
      : undefined;
    const pattern = matches
      ? `/${matches
          .map((m) => m.route.path)
          .filter(Boolean)
          .join('/')}`
      : 'unmatched';
    // A client-side navigation's data request (/catalog/x.data) is not a page to keep.
    return {
      pattern: data ? `${pattern}.data` : pattern,
      guestCache: !data && handle?.guestPageCache === true,
    };
  };
  // matchRoutes flattens, ranks and compiles every route on every call: about a fifth of a kept page's
  // answer. The routes never change while the server runs, so each path's answer is remembered (a bounded
  // number of them: addresses are the visitors' to make up).
  const known = new Map<string, StorefrontPage>();
  return (url) => {
    const path = url.split('?', 1)[0] ?? '/';
    let answer = known.get(path);
    if (answer === undefined) {
      const data = path.endsWith('.data');
      // The root's data is asked for at /_root.data.
      const pagePath = data ? path.slice(0, -'.data'.length).replace(/^\/_root$/, '/') : path;
      answer = pageOf(pagePath, data);
      if (known.size >= KNOWN_PATHS) known.clear();
      known.set(path, answer);
    }
    return answer;
  };
}

/** How many addresses' answers storefrontPages remembers before it starts again. */
const KNOWN_PATHS = 10_000;

/** The headers a kept page must not repeat: they belong to one answer or are set when it is sent. */
const PER_ANSWER = new Set([
  'set-cookie',
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'date',
  'etag',
]);

/**
 * The page to keep from a render made without cookies, or null when it is not to be kept: not a 200 HTML
 * page, or it set a cookie (then it was not the same for everybody after all).
 */
export async function renderForCache(rendering: Promise<Response>): Promise<CachedPage | null> {
  const response = await rendering;
  const type = response.headers.get('content-type') ?? '';
  if (response.status !== 200 || response.headers.has('set-cookie') || !type.startsWith('text/html')) {
    await response.body?.cancel();
    return null;
  }
  const html = Buffer.from(await response.arrayBuffer());
  const headers: [string, string][] = [];
  response.headers.forEach((value, name) => {
    if (PER_ANSWER.has(name)) return;
    headers.push([
      name,
      name === 'content-security-policy' ? policyWithScriptHashes(value, html.toString('utf8')) : value,
    ]);
  });
  return cachedPage(response.status, headers, html, Date.now());
}

/** `If-None-Match: W/"…", "…"` names this validator (weak comparison, as for GET). */
function matchesValidator(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = etag.replace(/^W\//, '');
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === bare;
  });
}

export function sendCachedPage(
  request: FastifyRequest,
  reply: FastifyReply,
  cache: PageCache,
  page: CachedPage,
  state: 'hit' | 'miss',
): FastifyReply {
  for (const [name, value] of page.headers) reply.header(name, value);
  // Browsers ask again every time (no-cache) and get 304 while the page is unchanged; a visitor's own
  // cookies change the answer, hence Vary: Cookie for any cache between.
  reply.header('ETag', page.etag);
  reply.header('Cache-Control', 'no-cache');
  reply.header('Vary', 'Accept-Encoding, Cookie');
  reply.header('X-Page-Cache', state);
  if (matchesValidator(request.headers['if-none-match'], page.etag)) return reply.code(304).send();
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  if (encoding !== 'identity') reply.header('Content-Encoding', encoding);
  return reply.code(page.status).send(cache.body(page, encoding));
}
