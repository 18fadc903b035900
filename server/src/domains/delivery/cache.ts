// A small in-memory cache of carriers' answers, per process. A value is kept for its time to live; a call
// for a key already being fetched waits for that fetch instead of starting a second one, so a burst of
// checkouts for one city asks the carrier once. Oldest entries go first past `max`.

export class TtlCache<V> {
  private readonly entries = new Map<string, { until: number; value: Promise<V> }>();

  constructor(private readonly max = 5_000) {}

  /** The cached value, or `fetch`'s, kept for `ttlMs` (a rejected fetch is not kept). */
  get(key: string, ttlMs: number, fetch: () => Promise<V>, now = Date.now()): Promise<V> {
    const hit = this.entries.get(key);
    if (hit && hit.until > now) return hit.value;
    const value = fetch();
    this.set(key, value, ttlMs, now);
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    return value;
  }

  /** The value if it is cached and fresh, without fetching. */
  peek(key: string, now = Date.now()): Promise<V> | undefined {
    const hit = this.entries.get(key);
    return hit && hit.until > now ? hit.value : undefined;
  }

  set(key: string, value: Promise<V>, ttlMs: number, now = Date.now()): void {
    this.entries.delete(key);
    this.entries.set(key, { until: now + ttlMs, value });
    if (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value!);
  }

  clear(): void {
    this.entries.clear();
  }
}
