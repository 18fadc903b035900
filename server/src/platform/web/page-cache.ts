// Whole storefront pages as guests get them, kept in memory: rendered once, compressed once, then answered
// like a static file until the shop's public data changes (web/public-data.ts) or the entry grows old.
// Only pages rendered without any visitor state are stored (web/storefront.ts decides which requests
// qualify and renders them with no cookies at all), so no visitor can ever be served another's cart,
// favourites or session: what is stored never had any.
import { createHash } from 'node:crypto';
import { brotliCompressSync, brotliDecompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { ShopMetrics } from '../metrics';

export type Encoding = 'br' | 'gzip' | 'identity';

export interface CachedPage {
  status: number;
  /** The answer's headers but Set-Cookie, Content-Length and Content-Encoding (there are none to keep). */
  headers: [string, string][];
  /** A weak validator of the HTML: the same page under every encoding. */
  etag: string;
  /** Brotli once, at a higher quality than per-request compression can afford (about 2 ms for a page). */
  br: Buffer;
  /** Made when a client without brotli first asks. */
  gzip?: Buffer;
  storedAt: number;
}

export interface PageCacheOptions {
  /** Upper bound of the compressed bytes kept; the least recently used pages go first. */
  maxBytes: number;
  /** The oldest a page may be: time-bound content (a promotion's end, the year in the footer) moves on. */
  ttlMs: number;
  now?: () => number;
}

export interface PageCacheStats {
  pages: number;
  bytes: number;
  hits: number;
  misses: number;
  invalidations: number;
}

export class PageCache {
  private readonly entries = new Map<string, CachedPage>();
  /** The pages now in entries, to account for a gzip copy made later. */
  private readonly stored = new WeakSet<CachedPage>();
  private readonly inFlight = new Map<string, Promise<CachedPage | null>>();
  private generation = 0;
  private bytes = 0;
  private readonly counts = { hits: 0, misses: 0, invalidations: 0 };
  private readonly now: () => number;

  constructor(private readonly options: PageCacheOptions) {
    this.now = options.now ?? Date.now;
  }

  stats(): PageCacheStats {
    return { pages: this.entries.size, bytes: this.bytes, ...this.counts };
  }

  /** Forgets every page, and every render begun before now will not be stored. */
  invalidate(): void {
    this.generation++;
    for (const page of this.entries.values()) this.stored.delete(page);
    this.entries.clear();
    this.inFlight.clear();
    this.bytes = 0;
    this.counts.invalidations++;
  }

  /** The stored page, if any and fresh; it becomes the most recently used. */
  lookup(key: string): CachedPage | undefined {
    const page = this.entries.get(key);
    if (page && this.now() - page.storedAt > this.options.ttlMs) {
      this.drop(key, page);
      return undefined;
    }
    if (page) {
      this.entries.delete(key);
      this.entries.set(key, page);
      this.counts.hits++;
    }
    return page;
  }

  /**
   * Renders a missing page once however many ask for it at the same moment (after an invalidation, ten
   * visitors of the home page cause one render, not ten). render answers null for an answer not to store;
   * the waiters then render for themselves.
   */
  fill(key: string, render: () => Promise<CachedPage | null>): Promise<CachedPage | null> {
    const pending = this.inFlight.get(key);
    if (pending) return pending;
    this.counts.misses++;
    const generation = this.generation;
    const rendering = render()
      .then((page) => {
        // Data changed while this page was being rendered: it may show the old data, so it is not kept.
        if (page && generation === this.generation) this.store(key, page);
        return page;
      })
      .finally(() => {
        if (this.inFlight.get(key) === rendering) this.inFlight.delete(key);
      });
    this.inFlight.set(key, rendering);
    return rendering;
  }

  /** The page's bytes in the encoding asked for. */
  body(page: CachedPage, encoding: Encoding): Buffer {
    if (encoding === 'br') return page.br;
    const html = brotliDecompressSync(page.br);
    if (encoding === 'identity') return html;
    if (!page.gzip) {
      page.gzip = compress(html, 'gzip');
      if (this.stored.has(page)) this.bytes += page.gzip.length;
    }
    return page.gzip;
  }

  private store(key: string, page: CachedPage): void {
    const old = this.entries.get(key);
    if (old) this.drop(key, old);
    this.entries.set(key, page);
    this.stored.add(page);
    this.bytes += sizeOf(page);
    for (const [oldestKey, oldest] of this.entries) {
      if (this.bytes <= this.options.maxBytes) break;
      this.drop(oldestKey, oldest);
    }
  }

  private drop(key: string, page: CachedPage): void {
    this.entries.delete(key);
    this.stored.delete(page);
    this.bytes -= sizeOf(page);
  }
}

/** The cache's own counts as series of GET /metrics, read when scraped (nothing added to a lookup). */
export function watchPageCache(metrics: ShopMetrics, cache: PageCache): void {
  metrics.counterOf(
    'shop_page_cache_hits_total',
    'Guest pages answered from the page cache',
    () => cache.stats().hits,
  );
  metrics.counterOf(
    'shop_page_cache_misses_total',
    'Guest pages the cache did not hold and rendered (one render however many waited for it)',
    () => cache.stats().misses,
  );
  metrics.counterOf(
    'shop_page_cache_invalidations_total',
    'Times the whole cache was emptied because what guests see changed',
    () => cache.stats().invalidations,
  );
  metrics.gauge('shop_page_cache_pages', 'Pages held in the page cache', () => cache.stats().pages);
  metrics.gauge(
    'shop_page_cache_bytes',
    'Compressed bytes the page cache holds (PAGE_CACHE_MB bounds it)',
    () => cache.stats().bytes,
  );
}

const sizeOf = (page: CachedPage) => page.br.length + (page.gzip?.length ?? 0) + 512;

/** A page to store from its rendered HTML: compressed, with its validator. */
export function cachedPage(
  status: number,
  headers: [string, string][],
  html: Buffer,
  storedAt: number,
): CachedPage {
  const br = compress(html, 'br');
  const etag = `W/"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`;
  return { status, headers, etag, br, storedAt };
}

/** Bytes compressed once to be sent many times: brotli 8 (about 2 ms for a page), gzip 9. */
export function compress(bytes: Buffer, encoding: 'br' | 'gzip'): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(bytes, {
        params: { [zlib.BROTLI_PARAM_QUALITY]: 8, [zlib.BROTLI_PARAM_SIZE_HINT]: bytes.length },
      })
    : gzipSync(bytes, { level: 9 });
}

/** The encoding to answer in: brotli when accepted, else gzip, else none (q=0 refuses one). */
export function preferredEncoding(acceptEncoding: string | undefined): Encoding {
  const accepted = new Set<string>();
  for (const part of (acceptEncoding ?? '').toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    if (!name) continue;
    const refused = params.some((p) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(p));
    if (!refused) accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return 'identity';
}

/**
 * The policy of a stored page: its inline scripts allowed by their SHA-256 instead of the nonce of the
 * render that made it. A nonce must be new for every answer; a hash stays true for the same bytes, so the
 * stored page stays exactly as strict as a fresh one.
 */
export function policyWithScriptHashes(policy: string, html: string): string {
  const nonce = /'nonce-[^']+'/.exec(policy)?.[0];
  if (!nonce) return policy;
  const hashes = new Set<string>();
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\ssrc\s*=/i.test(match[1] ?? '')) continue;
    hashes.add(
      `'sha256-${createHash('sha256')
        .update(match[2] ?? '')
        .digest('base64')}'`,
    );
  }
  return policy
    .replace(nonce, [...hashes].join(' '))
    .replace(/ {2,}/g, ' ')
    .replace(/ (;|$)/g, '$1');
}
