// Guessing passwords is made slow and then impossible: per login (the e-mail or phone however it is
// written) and per client IP. Counters live in the database through @fastify/rate-limit's store, so every
// server instance counts the same attempts, and one person's successful sign-in touches no one else's.
//   - every attempt for one login counts: past LIMITS.login.max in the window → 429 (the route's limit);
//   - every attempt from one IP counts: past IP_FACTOR times that → 429 (a sweep over many logins);
//   - each failure for a login waits longer before answering (loginDelayMs), so the allowed attempts
//     cannot be spent in a burst.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../../platform/http/errors';
import { limitOf } from '../../platform/http/rate-limit';
import { phoneDigits } from '@shop/schemas';

const IP_FACTOR = 5;
const MAX_DELAY_MS = 5000;

/** A login as it identifies an account: the phone's digits, or the e-mail in lower case. */
export function normalisedLogin(login: string): { byPhone: boolean; key: string } {
  const text = login.trim();
  const digits = phoneDigits(text);
  const byPhone = digits.length >= 10 && !text.includes('@');
  return { byPhone, key: byPhone ? digits : text.toLowerCase() };
}

/**
 * The counters' key: the login of the body. It is read once the body is validated (the limit's preHandler
 * hook, the handler), but @fastify/rate-limit hands over the request untyped, so the body is narrowed here
 * rather than asserted to be the contracts' LoginRequest.
 */
const loginKeyOf = (request: FastifyRequest) => {
  const body = request.body;
  const login = body && typeof body === 'object' && 'login' in body ? body.login : undefined;
  return `login:${typeof login === 'string' ? normalisedLogin(login).key.slice(0, 254) : ''}`;
};

const tooMany = (ttlMs: number) =>
  new ApiError(
    429,
    'rate_limited',
    `Слишком много попыток входа. Повторите через ${Math.max(1, Math.ceil(ttlMs / 1000))} с.`,
  );

/** The route option: attempts per login (the body is parsed by then, hence preHandler). */
export const loginRouteLimit = () =>
  limitOf('login', {
    hook: 'preHandler',
    keyGenerator: loginKeyOf,
    errorResponseBuilder: (_request, context) => tooMany(context.ttl),
  });

/**
 * No wait for the first third of the allowed failures, then 250 ms doubling with each failure, at most
 * 5 s: a person who mistyped twice notices nothing, a script gets a few attempts a minute.
 */
export function loginDelayMs(failures: number, max: number): number {
  const free = Math.max(1, Math.floor(max / 3));
  if (failures <= free) return 0;
  return Math.min(MAX_DELAY_MS, 250 * 2 ** (failures - free - 1));
}

export function loginThrottle(app: FastifyInstance) {
  const base = limitOf('login').max as number;
  const perIp = app.createRateLimit(limitOf('login', { groupId: 'login-ip', max: base * IP_FACTOR }));
  const failures = app.createRateLimit(limitOf('login', { groupId: 'login-fail', keyGenerator: loginKeyOf }));
  return {
    /** Counts the attempt against the client's IP; refuses past the limit. */
    async attempt(request: FastifyRequest) {
      const r = await perIp(request);
      if (!r.isAllowed && r.isExceeded) throw tooMany(r.ttl);
    },
    /** Counts a failure for the login and waits as long as it has earned. */
    async failed(request: FastifyRequest) {
      const r = await failures(request);
      if (r.isAllowed) return;
      const count = r.max - r.remaining;
      const wait = loginDelayMs(count, r.max);
      if (wait) await new Promise((resolve) => setTimeout(resolve, wait));
    },
  };
}
