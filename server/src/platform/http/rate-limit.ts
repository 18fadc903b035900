// Abuse limits per client (spec endpoints that anyone can call: captcha, forms, subscription, sign-in,
// registration, reviews, the links of letters, a customer's own profile). @fastify/rate-limit does the Fastify
// side (route config, headers, Retry-After); the counters live in the database (rate_limit_hits, one row per
// key and fixed window), so every server instance counts the same requests. A route opts in with
// `config: { rateLimit: limitOf('feedback') }`; a second allowance per target (an e-mail, a product) comes
// from targetLimit(). Every public write route must say which limit it has (see requireDeclaredLimits).
import fastifyRateLimit, { type FastifyRateLimitStore, type RateLimitOptions } from '@fastify/rate-limit';
import { lt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { Db } from '../db';
import { prepared } from '../db/prepared';
import { rateLimitHits } from '../../../generated/tables';
import { ApiError } from './errors';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * Requests allowed per window, per client IP unless the route keys otherwise. The values are production's;
 * RATE_LIMIT_SCALE multiplies them (the browser tests run every spec from one address).
 */
export const LIMITS = {
  captcha: { max: 30, timeWindow: MINUTE },
  feedback: { max: 5, timeWindow: 10 * MINUTE },
  subscribe: { max: 5, timeWindow: 10 * MINUTE },
  /** Confirmation letters to one address, whoever asks for them. */
  subscribeEmail: { max: 3, timeWindow: HOUR },
  login: { max: 10, timeWindow: 15 * MINUTE },
  recovery: { max: 5, timeWindow: HOUR },
  /** Recovery letters to one address, whoever asks for them. */
  recoveryEmail: { max: 3, timeWindow: HOUR },
  /** Each registration is an scrypt hash and a letter; an office or a phone network shares an address. */
  register: { max: 10, timeWindow: HOUR },
  /** Attempts for one e-mail: after the first the address is taken, so more are only probing or a flood. */
  registerEmail: { max: 3, timeWindow: HOUR },
  /** The single-use links of letters (e-mail and subscription confirmation, password reset), together. */
  links: { max: 20, timeWindow: 10 * MINUTE },
  /** Unsubscribing: a mail provider posts the one-click unsubscribes of many readers from one address. */
  unsubscribe: { max: 100, timeWindow: 10 * MINUTE },
  /** Reviews of the shop (guests) and of products (customers), held for moderation. */
  review: { max: 5, timeWindow: HOUR },
  /** Reviews of one product from everyone: a flood of one product's moderation queue. */
  reviewProduct: { max: 20, timeWindow: HOUR },
  /** A customer's writes to their own account, per route (a new e-mail is a letter to that address). */
  profile: { max: 30, timeWindow: HOUR },
  /** Cart changes: a quantity stepper clicks often, and an office or a phone network shares an address. */
  cart: { max: 600, timeWindow: 10 * MINUTE },
  /** The checkout's city suggestions (one per letter typed) and pickup point lists: each may ask a carrier. */
  delivery: { max: 300, timeWindow: 10 * MINUTE },
  /** Promo codes tried: enough for typos, too few to guess a series' codes. */
  cartCoupon: { max: 20, timeWindow: 10 * MINUTE },
  /** Orders placed (and refused) from one address: a shop's customer places a few an hour at most. */
  order: { max: 30, timeWindow: 10 * MINUTE },
  /** Guests' order links opened: a customer opens theirs a few times, a key is never guessed. */
  orderLink: { max: 60, timeWindow: 10 * MINUTE },
  /** The order page back from the provider asks every few seconds for a minute while the bank decides. */
  paymentCheck: { max: 120, timeWindow: 10 * MINUTE },
} as const satisfies Record<string, { max: number; timeWindow: number }>;

export type LimitName = keyof typeof LIMITS;

let scale = 1;

/** The route option for a named limit (its counters are separate from every other route's). */
export function limitOf(name: LimitName, extra: Partial<RateLimitOptions> = {}): RateLimitOptions {
  const l = LIMITS[name];
  return { max: Math.max(1, Math.round(l.max * scale)), timeWindow: l.timeWindow, groupId: name, ...extra };
}

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/** The answer past any limit. */
export const tooManyRequests = (ttlMs: number) =>
  new ApiError(429, 'rate_limited', `Слишком много запросов. Повторите через ${seconds(ttlMs)} с.`);

/**
 * A second allowance of a route, counted per target instead of per client: letters to one e-mail, reviews
 * of one product, whoever sends them from however many addresses. Use the result as a preValidation hook:
 * the body is parsed by then but not yet checked against the route's schema, so refused bodies count as
 * attempts too. `keyOf` reads the raw body and answers null when the request names no target, which the
 * route's own checks refuse anyway.
 */
export function targetLimit(
  app: FastifyInstance,
  name: LimitName,
  opts: { groupId: string; keyOf: (request: FastifyRequest) => string | null },
) {
  const counter = app.createRateLimit(
    limitOf(name, { groupId: opts.groupId, keyGenerator: (request) => opts.keyOf(request) ?? '' }),
  );
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (opts.keyOf(request) === null) return;
    const r = await counter(request);
    if (r.isAllowed || !r.isExceeded) return;
    reply.header('retry-after', r.ttlInSeconds);
    throw tooManyRequests(r.ttl);
  };
}

/** The key of a signed-in customer's own allowance (routes behind requireUser, so the user is known). */
export const accountKey = (request: FastifyRequest) => `user:${request.user?.id ?? request.ip}`;

/**
 * A signed-in user's own allowance of a route's writes, counted under `groupId`: every request counts, a
 * malformed one too, so the limit comes before validation (and after the sign-in check, which keys it).
 */
export const accountLimit = (name: LimitName, groupId: string): RateLimitOptions =>
  limitOf(name, { groupId, hook: 'preValidation', keyGenerator: accountKey });

/** An e-mail of the body as it names an account or a subscriber (any case, spaces around), for keys. */
export function bodyEmailKey(request: FastifyRequest): string | null {
  // Read before validation (the limit comes first): the body may be anything.
  const body: unknown = request.body;
  const email = body && typeof body === 'object' && 'email' in body ? body.email : undefined;
  return typeof email === 'string' && email.trim() ? email.trim().toLowerCase().slice(0, 254) : null;
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Every route anyone can write through must declare its limit, `config.rateLimit: false` included (with
 * the reason beside it): a new public endpoint that forgets stops the server from starting, instead of
 * taking unlimited guest writes. Staff routes (/api/admin) and the catch-alls (the API's JSON 404 and the
 * storefront, whose form posts call these same API routes) are not public writes of their own.
 */
function requireDeclaredLimits(route: RouteOptions) {
  const methods = [route.method].flat().map((m) => String(m).toUpperCase());
  if (!methods.some((m) => WRITES.has(m))) return;
  const url = route.url;
  if (url.startsWith('/api/admin/') || url === '/api/*' || url === '/*') return;
  if (route.config?.rateLimit !== undefined) return;
  throw new Error(
    `Public write route ${methods.filter((m) => WRITES.has(m)).join(',')} ${url} declares no rate limit: ` +
      'give it config.rateLimit (limitOf(…)), or config.rateLimit: false with the reason',
  );
}

/**
 * The counters' increments: every hit of one turn of the event loop in one statement (under load many
 * requests share it; alone, a request waits for nothing), built once and prepared by name. Each row of the
 * batch is a key and window with its number of hits; the answer is each counter's new total.
 */
const countHits = prepared<{ key: string; start: string | number; hits: number }>(
  'rate_limit_hits',
  sql`INSERT INTO ${rateLimitHits} (key, window_start, hits)
      SELECT * FROM unnest(${sql.placeholder('keys')}::text[], ${sql.placeholder('starts')}::timestamptz[],
                           ${sql.placeholder('counts')}::int[])
      ON CONFLICT (key, window_start) DO UPDATE SET hits = ${rateLimitHits}.hits + EXCLUDED.hits
      RETURNING key, (extract(epoch FROM window_start) * 1000)::bigint AS start, hits`,
);

interface Counter {
  key: string;
  start: number;
  /** The hits waiting for this counter's total, in the order they came. */
  waiting: { resolve: (current: number) => void; reject: (error: Error) => void }[];
}

/** The hits of one database waiting for the next statement. */
class HitBatch {
  private counters = new Map<string, Counter>();
  private scheduled = false;
  constructor(private readonly db: Db) {}

  /** The counter's total once this hit is counted (the hits of one batch numbered in the order they came). */
  hit(key: string, start: number): Promise<number> {
    return new Promise((resolve, reject) => {
      const id = `${start}|${key}`;
      let counter = this.counters.get(id);
      if (!counter) this.counters.set(id, (counter = { key, start, waiting: [] }));
      counter.waiting.push({ resolve, reject });
      if (this.scheduled) return;
      this.scheduled = true;
      setImmediate(() => void this.flush());
    });
  }

  private async flush() {
    // In one order in every statement: two batches in flight at once (or two instances) lock the counters'
    // rows in the same order, and never wait on each other in a circle.
    const counters = [...this.counters.values()].sort(
      (a, b) => a.start - b.start || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0),
    );
    this.counters = new Map();
    this.scheduled = false;
    try {
      const rows = await countHits(this.db, {
        keys: counters.map((c) => c.key),
        starts: counters.map((c) => new Date(c.start).toISOString()),
        counts: counters.map((c) => c.waiting.length),
      });
      const totals = new Map(rows.map((r) => [`${Number(r.start)}|${r.key}`, Number(r.hits)]));
      for (const { key, start, waiting } of counters) {
        const total = totals.get(`${start}|${key}`)!;
        waiting.forEach((w, i) => w.resolve(total - waiting.length + 1 + i));
      }
    } catch (error) {
      for (const { waiting } of counters) for (const w of waiting) w.reject(error as Error);
    }
  }
}

const batches = new WeakMap<Db, HitBatch>();

/** Increments the key's counter in the current fixed window; answers the count and the window's rest. */
async function hit(db: Db, key: string, timeWindow: number) {
  const now = Date.now();
  const start = Math.floor(now / timeWindow) * timeWindow;
  let batch = batches.get(db);
  if (!batch) batches.set(db, (batch = new HitBatch(db)));
  return { current: await batch.hit(key, start), ttl: start + timeWindow - now };
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
    errorResponseBuilder: (_req, ctx) => tooManyRequests(ctx.ttl),
  });
  app.addHook('onRoute', requireDeclaredLimits);
}
