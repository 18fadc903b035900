// Every operation of /api/docs gets at least 50 malformed requests (dealt between PGlite and PostgreSQL), as
// a guest and as the administrator, on a shop with demo data: no answer may be a 5xx, and no row of any table
// may change. The operations come from the document, which is written from the routes, so a
// new endpoint is fuzzed without editing this file.
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { selectRows } from '../src/db';
import { describeOnDatabases, startTestApp, type TestApp } from './harness';

type Schema = Record<string, unknown>;
interface Operation {
  method: string;
  path: string;
  parameters?: { name: string; in: string; schema?: Schema }[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
}
interface Probe {
  what: string;
  url: string;
  body?: string;
  contentType?: string;
}

const MB_STRING = 'я'.repeat(512 * 1024);
/** Values of the wrong kind, or of the right kind but beyond what the database takes. */
const BAD_VALUES: [string, unknown][] = [
  ['null', null],
  ['true', true],
  ['an object', { a: 1 }],
  ['an array', [1, 2]],
  ['a string', 'строка'],
  ['int4 overflow', 2147483648],
  ['int4 underflow', -2147483649],
  ['a huge float', 1e308],
  ['a fraction', 1.5],
  ['zero', 0],
  ['a negative', -1],
  ['an empty string', ''],
  ['NUL', 'a\u0000b'],
  ['a lone surrogate', 'a\ud800b'],
  ['1 MB of text', MB_STRING],
  ['a date past PostgreSQL', '+275760-09-13T00:00:00Z'],
  ['an impossible date', '2026-02-30'],
  ['a prototype key', '__proto__'],
  ['constructor', 'constructor'],
];
const BAD_PATH_VALUES = [
  '0',
  '-1',
  '2147483648',
  '99999999999999999999',
  'abc',
  '1.5',
  '%00',
  '__proto__',
  'constructor',
  '%F0%9F',
];
const BAD_QUERY_VALUES = [
  '2147483648',
  '-2147483649',
  '99999999999999999999',
  'abc',
  '%00',
  '%ED%A0%80',
  '__proto__',
  'constructor',
  '%7B%22createdAt_gte%22%3A%22%2B275760-09-13T00%3A00%3A00Z%22%7D',
  '%5B0%2C99999999999%5D',
  '%7B%22__proto__%22%3A%7B%22x%22%3A1%7D%7D',
  '%7B',
  'x'.repeat(20000),
];
// JSON text a JSON.stringify could not write (lone surrogates, NUL) and structures no form sends.
const RAW_BODIES: [string, string, string?][] = [
  ['malformed JSON', '{"a":'],
  ['JSON of a string', '"text"'],
  ['JSON null', 'null'],
  ['an array', '[1,2,3]'],
  ['an empty object', '{}'],
  ['a 5000-deep array', `{"a":${'['.repeat(5000)}${']'.repeat(5000)}}`],
  ['a 5000-deep object', `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`],
  ['a lone surrogate', '{"name":"\\ud800"}'],
  ['a prototype key', '{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}'],
  ['form data', 'a=1&b=2', 'application/x-www-form-urlencoded'],
  ['plain text', 'hello', 'text/plain'],
  ['XML', '<a/>', 'application/xml'],
];

/**
 * Operations that take no input at all, so that any signed-in request is a valid one: signing out (from the
 * storefront or the admin area: it would end the administrator's session for every operation after it) and
 * a new confirmation letter. A guest's requests to them are still sent.
 */
const SIGNED_IN_ACTIONS = new Set(['/api/auth/logout', '/api/auth/admin/logout', '/api/auth/email/resend']);

function fill(path: string, value: string) {
  return path.replace(/\{[^}]+\}/g, value);
}

/** A path with every parameter set to something that names no record (never 1: a DELETE must not hit). */
const safePath = (path: string) => fill(path, '2147483647');

/** `accepts`: whether the operation's declared body schema takes a body; such a body is not a bad input. */
function probes(op: Operation, accepts: (body: unknown) => boolean): Probe[] {
  const out: Probe[] = [];
  const base = safePath(op.path);
  if (base !== op.path)
    for (const v of BAD_PATH_VALUES) out.push({ what: `path ${v}`, url: fill(op.path, v) });
  const query = (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
  // Every bad value on the names the operation declares; a name it does not declare takes the same way
  // through the validator (not a parameter of this operation) whatever the value, so a few values do.
  const undeclared = ['page', 'filter', 'sort', 'range', 'unknown[x]'].filter((n) => !query.includes(n));
  for (const [name, values] of [
    ...query.map((n) => [n, BAD_QUERY_VALUES] as const),
    ...undeclared.map((n) => [n, BAD_QUERY_VALUES.filter((_, i) => i % 4 === 0)] as const),
  ])
    for (const v of values)
      out.push({ what: `query ${name}=${v.slice(0, 20)}`, url: `${base}?${encodeURIComponent(name)}=${v}` });
  if (['post', 'put', 'patch', 'delete'].includes(op.method)) {
    const schema = op.requestBody?.content?.['application/json']?.schema;
    const properties = Object.keys((schema?.properties as Schema | undefined) ?? {});
    for (const [what, body, contentType] of RAW_BODIES) out.push({ what, url: base, body, contentType });
    for (const [at, name] of [...properties.slice(0, 12), 'unknownField'].entries())
      for (const [what, value] of BAD_VALUES)
        // A megabyte is parsed before any field is looked at: sent once per operation, not once per field.
        if ((value !== MB_STRING || at === 0) && !accepts({ [name]: value }))
          out.push({ what: `${name}: ${what}`, url: base, body: JSON.stringify({ [name]: value }) });
  }
  // Whatever the operation takes, at least 50 requests: the generic values on the query's usual names.
  for (let i = 0; out.length < 50; i++) {
    const [what, value] = BAD_VALUES[i % BAD_VALUES.length]!;
    out.push({ what: `q${i}: ${what}`, url: `${base}?q${i}=${encodeURIComponent(JSON.stringify(value))}` });
  }
  return out;
}

describeOnDatabases('fuzzing every operation of /api/docs on $name', (target) => {
  let t: TestApp;
  // Rate limits would answer 429 before validation is reached; they have tests of their own.
  beforeAll(async () => {
    t = await startTestApp(target, { demo: true, config: { rateLimitScale: 100_000 } });
  }, 180_000);
  afterAll(async () => {
    await t.close();
  });

  /** md5 of every table's rows; a table that only counts requests (captchas, limits) is left out. */
  async function checksums(): Promise<Record<string, string>> {
    const tables = await selectRows<{ name: string }>(
      t.database.db,
      sql`SELECT table_name AS name FROM information_schema.tables
          WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name`,
    );
    const out: Record<string, string> = {};
    for (const { name } of tables) {
      // Sessions slide: the administrator's is extended by being used.
      if (['captchas', 'rate_limit_hits', 'sessions', '_migrations'].includes(name)) continue;
      const [row] = await selectRows<{ sum: string | null }>(
        t.database.db,
        sql`SELECT md5(coalesce(string_agg(x::text, '|' ORDER BY x::text), '')) AS sum FROM ${sql.identifier(name)} x`,
      );
      out[name] = row!.sum ?? '';
    }
    return out;
  }

  it('answers no 5xx and changes no row, as a guest and as the administrator', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, Operation>>;
    }>();
    // The document as a schema, so that an operation's body schema is compiled with its references.
    const ajv = new Ajv({ strict: false, allowUnionTypes: true });
    addFormats(ajv);
    ajv.addSchema({ ...doc, $id: 'doc' });
    const pointer = (...parts: string[]) =>
      parts.map((p) => encodeURIComponent(p.replaceAll('~', '~0').replaceAll('/', '~1'))).join('/');
    const bodyCheck = (op: Operation) => {
      if (!op.requestBody?.content?.['application/json']?.schema) return () => false;
      const check = ajv.compile({
        $ref: `doc#/${pointer('paths', op.path, op.method, 'requestBody', 'content', 'application/json', 'schema')}`,
      });
      return (body: unknown) => check(body);
    };
    const operations = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([m]) => ['get', 'post', 'put', 'patch', 'delete'].includes(m))
        .map(([method, op]) => ({ ...op, method, path })),
    );
    expect(operations.length).toBeGreaterThan(150);
    const before = await checksums();
    const failures: string[] = [];
    let sent = 0;
    const signedIn = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/auth/session',
          headers: { authorization: t.adminToken },
        })
      ).statusCode === 200;
    // Each operation's probes are dealt between the two databases, alternately, starting with a different
    // one per operation: together they send every probe once, and each database's driver turns half of
    // them, of every kind, into 4xx answers (both are PostgreSQL; the drivers and their errors differ).
    const half = target.name === 'postgres' ? 1 : 0;
    for (const [at, op] of operations.entries()) {
      // A guest is turned away from the admin API before its input is read: every fifth probe shows it.
      const guestEvery = op.path.startsWith('/api/admin/') ? 5 : 1;
      for (const [i, probe] of probes(op, bodyCheck(op)).entries()) {
        if ((i + at) % 2 !== half) continue;
        for (const token of SIGNED_IN_ACTIONS.has(op.path) ? [null] : [null, t.adminToken]) {
          if (!token && i % guestEvery) continue;
          const res = await t.app.inject({
            method: op.method.toUpperCase() as 'GET',
            url: probe.url,
            headers: {
              ...(token ? { authorization: token } : {}),
              ...(probe.body !== undefined
                ? { 'content-type': probe.contentType ?? 'application/json' }
                : {}),
            },
            ...(probe.body !== undefined ? { payload: probe.body } : {}),
          });
          sent += 1;
          if (res.statusCode >= 500)
            failures.push(
              `${res.statusCode} ${op.method.toUpperCase()} ${op.path} (${token ? 'admin' : 'guest'}) ${probe.what}`,
            );
        }
      }
      // The administrator's half counts only while the session lives: name the operation that ended it.
      if (!(await signedIn()))
        throw new Error(`the administrator's session ended at ${op.method} ${op.path}`);
    }
    const after = await checksums();
    const changed = Object.keys(before).filter((k) => before[k] !== after[k]);
    console.log(
      `fuzz on ${target.name}: ${sent} requests to ${operations.length} operations, ${failures.length} answered 5xx, ${changed.length} tables changed`,
    );
    // The administrator's half counts only if the session lasted to the end.
    expect(await signedIn()).toBe(true);
    expect(failures.slice(0, 80)).toEqual([]);
    expect(changed.map((table) => `${table}: ${before[table]} → ${after[table]}`)).toEqual([]);
  }, 900_000);
});
