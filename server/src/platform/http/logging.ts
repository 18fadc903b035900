// What the server's log may say. Secrets never reach it: the request line's headers and query values that
// carry them, the fields of any logged object that name them (pino's redaction), and the values of a failed
// SQL statement on a table that keeps secrets (a new user's password hash, a session's token, a payment
// service's key): its text stays, so the failure can still be found, its parameters do not.
import { getTableName } from 'drizzle-orm';
import type { FastifyServerOptions } from 'fastify';
import { stdSerializers, type DestinationStream } from 'pino';
import type { ResourceDef } from '../crud/types';

export const REDACTED = '[скрыто]';

/** Names of fields whose values are secrets wherever they sit in a logged object. */
const SECRET_KEYS = [
  'password',
  'passwordHash',
  'currentPassword',
  'newPassword',
  'token',
  'tokenHash',
  'accessToken',
  'refreshToken',
  'secret',
  'secretKey',
  'apiKey',
  'key',
  'accessKey',
  'credentials',
  'authorization',
  'cookie',
];

/** Paths for pino's `redact`: the request's and response's secret headers, and the secret keys to 3 levels. */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-csrf-token"]',
  'res.headers["set-cookie"]',
  ...SECRET_KEYS.flatMap((k) => [k, `*.${k}`, `*.*.${k}`]),
];

/**
 * A query parameter whose value is a secret (a letter's link ?token=…, a key) anywhere in a text: a
 * request's address, or Fastify's «Route GET:/…?token=… not found».
 */
const SECRET_QUERY_VALUE = /([?&][^=&\s#]*(?:token|key|secret|password)[^=&\s#]*=)[^&\s#]*/gi;

/** A text with the values of secret query parameters replaced. */
export function withoutSecretQuery(text: string): string {
  return text.replace(SECRET_QUERY_VALUE, `$1${REDACTED}`);
}

interface ErrorLike {
  message?: unknown;
  stack?: unknown;
  cause?: unknown;
  query?: unknown;
  params?: unknown;
  detail?: unknown;
  [key: string]: unknown;
}

const errorLike = (e: unknown): e is ErrorLike => typeof e === 'object' && e !== null;

/**
 * The tables whose failed statements are logged without their values: those of resources that keep a
 * secret, their child tables with them.
 */
export function secretTables(resources: ResourceDef[]): string[] {
  return resources
    .filter((r) => r.holdsSecrets)
    .flatMap((r) => [r.tableName, ...r.children.map((c) => getTableName(c.table))]);
}

/**
 * An error as it may be logged: when its chain holds a failed statement (Drizzle's "Failed query: …
 * params: …") that names one of `tables`, a copy of the chain without the values: the parameters, the
 * database's `detail` ("Key (email)=(…) already exists") and a value quoted in its message ("invalid input
 * syntax for type integer: "…""). Any other error is returned as it is.
 */
export function withoutSecretValues(error: unknown, tables: string[]): unknown {
  if (!tables.length) return error;
  const names = new RegExp(`(^|[^\\w])"?(${tables.join('|')})"?([^\\w]|$)`, 'i');
  const chain: ErrorLike[] = [];
  for (let e: unknown = error; errorLike(e) && chain.length < 5 && !chain.includes(e); e = e.cause)
    chain.push(e);
  const failed = chain.find((e) => typeof e.query === 'string' && names.test(e.query));
  if (!failed) return error;
  // Drizzle writes them into its message as `${params}`: the array's own text.
  const values = Array.isArray(failed.params) ? `params: ${failed.params.join(',')}` : null;
  const clean = (text: unknown) => {
    if (typeof text !== 'string') return text;
    let out = values ? text.split(values).join(`params: ${REDACTED}`) : text;
    out = out.replace(/(invalid input (?:syntax|value) for [^:\n]*): "[^\n]*"/g, `$1: ${REDACTED}`);
    return out;
  };
  const copy = (e: ErrorLike, depth: number): Error => {
    const out = new Error(clean(e.message) as string);
    for (const [k, v] of Object.entries(e)) {
      if (k === 'cause' || k === 'message' || k === 'stack') continue;
      (out as unknown as Record<string, unknown>)[k] = k === 'params' || k === 'detail' ? REDACTED : clean(v);
    }
    out.name = e instanceof Error ? e.name : 'Error';
    out.stack = clean(e.stack) as string;
    const cause = chain[depth + 1];
    if (cause) out.cause = copy(cause, depth + 1);
    return out;
  };
  return copy(chain[0]!, 0);
}

/** Fastify's logger: the level, the redaction and the serialisers above; to stdout unless `stream` is given. */
export function loggerOptions(
  level: string,
  resources: ResourceDef[],
  stream?: DestinationStream,
): FastifyServerOptions['logger'] {
  const tables = secretTables(resources);
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: { paths: REDACT_PATHS, censor: REDACTED },
    hooks: {
      // A message is text: an address in it loses its secret query values as the request line does.
      logMethod(args, method) {
        method.apply(
          this,
          args.map((a) => (typeof a === 'string' ? withoutSecretQuery(a) : a)) as Parameters<typeof method>,
        );
      },
    },
    serializers: {
      req: (req: {
        method: string;
        url: string;
        host?: string;
        ip?: string;
        socket?: { remotePort?: number };
      }) => ({
        method: req.method,
        url: withoutSecretQuery(req.url),
        host: req.host,
        remoteAddress: req.ip,
        remotePort: req.socket?.remotePort,
      }),
      err: (err: Error) => stdSerializers.err(withoutSecretValues(err, tables) as Error),
    },
  };
}
