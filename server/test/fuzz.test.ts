// Every operation of /api/docs gets at least 50 malformed requests (dealt between PGlite and PostgreSQL), as
// a guest and as the administrator, on a shop with demo data: no answer may be a 5xx, and no row of any table
// may change. The operations come from the document, which is written from the routes, so a
// new endpoint is fuzzed without editing this file.
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { selectRows } from '../src/platform/db';
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
/**
 * The list parameters' JSON (filter, sort, range): what is wrong only once decoded (a NUL escaped as
 * \u0000, nesting, a value past a column), and a text past the longest a parameter may be.
 */
const JSON_QUERY_VALUES = [
  '{"q":"a\\u0000b"}',
  '{"a\\u0000":1}',
  '["id\\u0000","ASC"]',
  `${'{"a":'.repeat(40)}1${'}'.repeat(40)}`,
  `${'['.repeat(40)}${']'.repeat(40)}`,
  '{"id":2147483648}',
  '{"id":[1,-2147483649]}',
  '{"createdAt_gte":"0000-01-01T00:00:00Z"}',
  '{"createdAt_lte":"2016-12-31T23:59:60Z"}',
  `{"q":"${'я'.repeat(25_000)}"}`,
].map(encodeURIComponent);
const JSON_PARAMS = new Set(['filter', 'sort', 'range']);

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

/** A schema of the document with its `$ref` followed (components of /api/docs). */
type Deref = (s: Schema | undefined) => Schema | undefined;

const typesOf = (s: Schema) => [s.type].flat();

/** Values just past what the column behind a value of this schema holds (schemas/rules/bounds.ts). */
function pastStorage(s: Schema): [string, unknown][] {
  if (s.enum) return [];
  if (typesOf(s).includes('integer'))
    return [
      ['past int4', 2_147_483_648],
      ['below int4', -2_147_483_649],
      ['past int8', 1e20],
    ];
  if (s.format === 'date')
    return [
      ['year 0000', '0000-01-01'],
      ['year 999', '0999-12-31'],
    ];
  if (s.format === 'date-time')
    return [
      ['year 0000', '0000-01-01T00:00:00Z'],
      ['year 999', '0999-12-31T23:59:59Z'],
      ['a leap second', '2016-12-31T23:59:60Z'],
    ];
  return [];
}

/**
 * Every integer and date of a body, at any depth of its objects and lists, with a body that holds just that
 * value past its column: `{ "brandId": 2147483648 }`, `{ "offers": [{ "price": 2147483648 }] }`.
 */
function storageProbes(schema: Schema | undefined, deref: Deref, depth = 0): [string, unknown][] {
  const s = deref(schema);
  if (!s || depth > 4) return [];
  const out: [string, unknown][] = [];
  for (const alt of [...((s.anyOf as Schema[]) ?? []), ...((s.oneOf as Schema[]) ?? [])])
    out.push(...storageProbes(alt, deref, depth + 1));
  for (const [name, property] of Object.entries((s.properties as Record<string, Schema>) ?? {})) {
    const p = deref(property)!;
    for (const [what, v] of pastStorage(p)) out.push([`${name}: ${what}`, { [name]: v }]);
    const items = deref(p.items as Schema | undefined);
    if (!items) continue;
    for (const [what, v] of pastStorage(items)) out.push([`${name}[]: ${what}`, { [name]: [v] }]);
    for (const [what, v] of storageProbes(items, deref, depth + 1))
      out.push([`${name}[0].${what}`, { [name]: [v] }]);
  }
  return out;
}

/**
 * What the document lets in unbounded: an integer without a minimum and a maximum, a date or a date-time
 * without the pattern of its years, in a parameter or anywhere in a body.
 */
function unbounded(
  schema: Schema | undefined,
  deref: Deref,
  where: string,
  seen = new Set<Schema>(),
): string[] {
  const s = deref(schema);
  if (!s || seen.has(s)) return [];
  seen.add(s);
  const out: string[] = [];
  const types = typesOf(s);
  if (!s.enum && types.includes('integer')) {
    const low = typeof s.minimum === 'number' || typeof s.exclusiveMinimum === 'number';
    const high = typeof s.maximum === 'number' || typeof s.exclusiveMaximum === 'number';
    if (!low || !high) out.push(`${where}: an integer without ${low ? 'a maximum' : 'a minimum'}`);
  }
  if ((s.format === 'date' || s.format === 'date-time') && typeof s.pattern !== 'string')
    out.push(`${where}: a ${String(s.format)} without its years' bound`);
  for (const [name, p] of Object.entries((s.properties as Record<string, Schema>) ?? {}))
    out.push(...unbounded(p, deref, `${where}.${name}`, seen));
  for (const key of ['items', 'additionalProperties'])
    if (s[key] && typeof s[key] === 'object')
      out.push(...unbounded(s[key] as Schema, deref, `${where}[]`, seen));
  for (const key of ['anyOf', 'oneOf', 'allOf'])
    for (const alt of (s[key] as Schema[] | undefined) ?? []) out.push(...unbounded(alt, deref, where, seen));
  return out;
}

/** `accepts`: whether the operation's declared body schema takes a body; such a body is not a bad input. */
function probes(op: Operation, accepts: (body: unknown) => boolean, deref: Deref): Probe[] {
  const out: Probe[] = [];
  const base = safePath(op.path);
  if (base !== op.path)
    for (const v of BAD_PATH_VALUES) out.push({ what: `path ${v}`, url: fill(op.path, v) });
  const query = (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
  // Every bad value on the names the operation declares; a name it does not declare takes the same way
  // through the validator (not a parameter of this operation) whatever the value, so a few values do.
  const undeclared = ['page', 'filter', 'sort', 'range', 'unknown[x]'].filter((n) => !query.includes(n));
  for (const [name, values] of [
    ...query.map(
      (n) =>
        [n, JSON_PARAMS.has(n) ? [...BAD_QUERY_VALUES, ...JSON_QUERY_VALUES] : BAD_QUERY_VALUES] as const,
    ),
    ...undeclared.map((n) => [n, BAD_QUERY_VALUES.filter((_, i) => i % 4 === 0)] as const),
  ])
    for (const v of values)
      out.push({ what: `query ${name}=${v.slice(0, 20)}`, url: `${base}?${encodeURIComponent(name)}=${v}` });
  // A number past its column in a query parameter.
  for (const p of (op.parameters ?? []).filter((x) => x.in === 'query'))
    for (const [what, v] of pastStorage(deref(p.schema) ?? {}))
      out.push({
        what: `query ${p.name}: ${what}`,
        url: `${base}?${p.name}=${encodeURIComponent(String(v))}`,
      });
  if (['post', 'put', 'patch', 'delete'].includes(op.method)) {
    const schema = op.requestBody?.content?.['application/json']?.schema;
    // Every integer and date past its column, each alone. An update goes to a record that exists (1):
    // the value must be refused by validation, not by the database; a create is refused for what it
    // lacks anyway, and the document check below holds its schema to the bounds.
    const target = op.method === 'put' || op.method === 'patch' ? fill(op.path, '1') : base;
    for (const [what, body] of storageProbes(schema, deref))
      out.push({ what: `storage ${what}`, url: target, body: JSON.stringify(body) });
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
    const deref: Deref = (s) => {
      for (let i = 0; s && typeof s.$ref === 'string' && i < 5; i++)
        s = s.$ref
          .slice(2)
          .split('/')
          .reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], doc) as Schema;
      return s;
    };
    // Every integer and date the document lets in states the bounds of what stores it.
    const open = operations.flatMap((op) => [
      ...(op.parameters ?? []).flatMap((p) =>
        unbounded(p.schema, deref, `${op.method} ${op.path} ${p.in} ${p.name}`),
      ),
      ...unbounded(
        op.requestBody?.content?.['application/json']?.schema,
        deref,
        `${op.method} ${op.path} body`,
      ),
    ]);
    expect(open).toEqual([]);
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
      for (const [i, probe] of probes(op, bodyCheck(op), deref).entries()) {
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
