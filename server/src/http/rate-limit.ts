// Abuse limits per client (spec endpoints that anyone can call: captcha, forms, subscription, sign-in).
// @fastify/rate-limit does the Fastify side (route config, headers, Retry-After); the counters live in the
// database (rate_limit_hits, one row per key and fixed window), so every server instance counts the same
// requests. A route opts in with `config: { rateLimit: limitOf('feedback') }`.
import fastifyRateLimit, { type FastifyRateLimitStore, type RateLimitOptions } from '@fastify/rate-limit';
import { lt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { selectRows, type Db } from '../db';
import { rateLimitHits } from '../../generated/tables';
import { ApiError } from './errors';

/** Requests allowed per window, per client IP unless the route keys otherwise. */
export const LIMITS = {
  captcha: { max: 30, timeWindow: 60_000 },
  feedback: { max: 5, timeWindow: 10 * 60_000 },
  subscribe: { max: 5, timeWindow: 10 * 60_000 },
  login: { max: 10, timeWindow: 15 * 60_000 },
  recovery: { max: 5, timeWindow: 60 * 60_000 },
} as const satisfies Record<string, { max: number; timeWindow: number }>;

export type LimitName = keyof typeof LIMITS;

let scale = 1;

/** The route option for a named limit (its counters are separate from every other route's). */
export function limitOf(name: LimitName, extra: Partial<RateLimitOptions> = {}): RateLimitOptions {
  const l = LIMITS[name];
  return { max: Math.max(1, Math.round(l.max * scale)), timeWindow: l.timeWindow, groupId: name, ...extra };
}

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/** Increments the key's counter in the current fixed window; answers the count and the window's rest. */
async function hit(db: Db, key: string, timeWindow: number) {
  const now = Date.now();
  const windowStart = new Date(Math.floor(now / timeWindow) * timeWindow);
  const [row] = await selectRows<{ hits: number }>(
    db,
    sql`INSERT INTO ${rateLimitHits} (key, window_start, hits) VALUES (${key}, ${windowStart.toISOString()}, 1)
        ON CONFLICT (key, window_start) DO UPDATE SET hits = ${rateLimitHits}.hits + 1
        RETURNING hits`,
  );
  return { current: Number(row!.hits), ttl: windowStart.getTime() + timeWindow - now };
}

/** Drops counters of windows that ended more than a day ago (the outbox worker's housekeeping calls it). */
export async function pruneRateLimits(db: Db) {
  await db.delete(rateLimitHits).where(lt(rateLimitHits.windowStart, new Date(Date.now() - 86_400_000)));
}

function databaseStore(db: Db, prefix = '') {
  class Store implements FastifyRateLimitStore {
    incr(
      key: string,
      cb: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ) {
      hit(db, prefix + key, timeWindow).then(
        (r) => cb(null, r),
        (e: Error) => cb(e),
      );
    }
    // Called with the route's merged limit options: a named limit (groupId) counts on its own, any other
    // route by its method and path.
    // (The declared parameter type is Fastify's route options; the plugin passes more than it says.)
    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]) {
      const merged = routeOptions as unknown as {
        groupId?: string;
        routeInfo?: { method?: string; url?: string };
      };
      const route = merged.routeInfo;
      return new (databaseStore(db, `${merged.groupId ?? `${route?.method} ${route?.url}`}:`))();
    }
  }
  return Store;
}

export async function registerRateLimit(app: FastifyInstance, db: Db, opts: { scale?: number } = {}) {
  scale = opts.scale ?? 1;
  await app.register(fastifyRateLimit, {
    global: false,
    store: databaseStore(db),
    // A database hiccup must not lock the shop's forms.
    skipOnError: true,
    errorResponseBuilder: (_req, ctx) =>
      new ApiError(429, 'rate_limited', `Слишком много запросов. Повторите через ${seconds(ctx.ttl)} с.`),
  });
}
