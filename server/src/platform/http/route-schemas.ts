// What every route's schemas go through: an endpoint's contract (schemas/contracts, served by contract.ts)
// puts its params, query, body and answers in the Fastify route's `schema`; from there Fastify validates the
// input (through the ajv instances of validation.ts, so the messages are Russian and name fields by their
// labels), serialises the output, and @fastify/swagger writes /api/docs (docs.ts). The payload schemas of
// schemas/api are shared by their $id (`api('login')` is `{ $ref: 'login#' }`; codegen refuses an unknown one).
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import type { FastifyInstance, FastifyRequest, FastifySchemaCompiler, FastifyServerOptions } from 'fastify';
import { readFileSync } from 'node:fs';
import { withStorageBoundsDeep } from '@shop/schemas';
import { API_SCHEMAS_FILE } from '@shop/schemas/files';
import { badRequest } from './errors';
import { ajv, textAjv, validationError, validatorFor } from './validation';

type Schema = Record<string, unknown>;

/**
 * Every payload schema of schemas/api (in its domain folders; views expanded by codegen), by its $id, with what the database holds
 * added to each value (schemas/rules/bounds.ts: an integer within PostgreSQL's `integer` unless it says otherwise, a date within
 * the years both the database and JavaScript read back), as codegen adds it to the entities' fields.
 */
export const API_SCHEMAS: Schema[] = (JSON.parse(readFileSync(API_SCHEMAS_FILE, 'utf8')) as Schema[]).map(
  (s) => withStorageBoundsDeep(s),
);

for (const engine of [ajv, textAjv])
  for (const schema of API_SCHEMAS) if (!engine.getSchema(String(schema.$id))) engine.addSchema(schema);

function resolve(schema: Schema): Schema {
  const ref = schema.$ref;
  if (typeof ref !== 'string' || !ref.endsWith('#')) return schema;
  return (ajv.getSchema(ref.slice(0, -1))?.schema as Schema | undefined) ?? schema;
}

/** Field → label from the x-label keywords, nested fields as `a.b`, for the messages. */
export function labelsIn(schema: Schema, prefix = '', out: Record<string, string> = {}, depth = 0) {
  const s = resolve(schema);
  const properties = s.properties as Record<string, Schema> | undefined;
  if (!properties || depth > 4) return out;
  for (const [name, property] of Object.entries(properties)) {
    const key = prefix + name;
    const target = resolve(property);
    const label = property['x-label'] ?? target['x-label'];
    if (typeof label === 'string') out[key] = label;
    labelsIn(target, `${key}.`, out, depth + 1);
    const items = target.items as Schema | undefined;
    if (items && typeof items === 'object') labelsIn(items, `${key}.`, out, depth + 1);
  }
  return out;
}

// In a `u` expression a proper pair is one code point: only a surrogate standing alone matches.
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

/** Deeper input than any form of the shop sends is refused before a validator recurses into it. */
export const MAX_INPUT_DEPTH = 32;

/**
 * What no schema should have to repeat: text the database cannot store (NUL, a lone UTF-16 surrogate) and
 * nesting deeper than any real payload. Answers the field's path and the reason, or null when all is well.
 */
export function unsafeInput(value: unknown): { path: string; reason: string } | null {
  const stack: { value: unknown; path: string; depth: number }[] = [{ value, path: '', depth: 0 }];
  while (stack.length) {
    const { value: v, path, depth } = stack.pop()!;
    if (typeof v === 'string') {
      if (v.includes('\u0000')) return { path, reason: 'Недопустимый символ (NUL)' };
      if (LONE_SURROGATE.test(v)) return { path, reason: 'Недопустимый символ (одиночный суррогат UTF-16)' };
      continue;
    }
    if (!v || typeof v !== 'object') continue;
    // Named by its top-level field: the full path of a 5 000-deep array would be the whole message.
    if (depth >= MAX_INPUT_DEPTH)
      return { path: path.split('.')[0]!, reason: `Вложенность больше ${MAX_INPUT_DEPTH} уровней` };
    for (const [k, child] of Object.entries(v)) {
      const childPath = path ? `${path}.${k}` : k;
      if (k.includes('\u0000') || LONE_SURROGATE.test(k))
        return { path: childPath, reason: 'Недопустимое имя поля' };
      stack.push({ value: child, path: childPath, depth: depth + 1 });
    }
  }
  return null;
}

function assertSafe(request: FastifyRequest) {
  for (const part of [request.params, request.query, request.body]) {
    const bad = unsafeInput(part);
    if (bad) {
      const lower = bad.reason.charAt(0).toLowerCase() + bad.reason.slice(1);
      throw badRequest(bad.path ? `Проверьте данные: «${bad.path}»: ${lower}` : bad.reason, {
        [bad.path || '_']: bad.reason,
      });
    }
  }
}

/**
 * Compilers not yet run: a route's validator and its response serialisers are compiled on the route's first
 * request, not at start. Compiling all of them (about 300 routes) took ~2 s of every start, most of it
 * fast-json-stringify checking its input schemas, and most routes of a process, of a test above all, are never
 * called. One set per app: `compilePending` compiles what is left of it (the test of every route's schemas).
 */
export class LazyCompilers {
  private readonly pending = new Set<() => unknown>();

  /**
   * The validators (our ajv instances: Russian messages, fields named by their labels) and Fastify's own
   * serialiser compiler (fast-json-stringify with the shared schemas), each run on first use. Both given
   * here, so Fastify never loads its default validator compiler (@fastify/ajv-compiler) at start.
   */
  private readonly validatorCompiler: FastifySchemaCompiler<Schema> = ({ schema, httpPart }) =>
    this.onFirstCall(() => {
      const check = validatorFor(schema, httpPart === 'body' ? ajv : textAjv);
      const labels = labelsIn(schema);
      return (data: unknown) =>
        check(data) ? { value: data } : { error: validationError(check.errors ?? [], labels) };
    });

  readonly schemaController: FastifyServerOptions['schemaController'] = {
    compilersFactory: {
      // Fastify's type speaks of ajv's own shapes; at run time it calls what the factory answers as the
      // validator compiler of every route, the function setValidatorCompiler would take.
      buildValidator: (() => this.validatorCompiler) as never,
      buildSerializer: (...args: Parameters<ReturnType<typeof SerializerSelector>>) => {
        const compile = SerializerSelector()(...args);
        return (route: Parameters<typeof compile>[0]) => this.onFirstCall(() => compile(route));
      },
    },
  };

  onFirstCall<A extends unknown[], R>(compile: () => (...args: A) => R): (...args: A) => R {
    let compiled: ((...args: A) => R) | undefined;
    const run = () => {
      this.pending.delete(run);
      return (compiled ??= compile());
    };
    this.pending.add(run);
    return (...args) => (compiled ?? run())(...args);
  }

  /** Compiles every validator and serialiser still waiting for its route's first request (throws on a bad one). */
  compilePending(): number {
    const waiting = [...this.pending];
    for (const compile of waiting) compile();
    return waiting.length;
  }
}

/**
 * Shared schemas and the input guard, before any route is registered. The compilers come with the app's
 * `schemaController` (LazyCompilers above): `Fastify({ schemaController: compilers.schemaController })`.
 */
export function registerRouteSchemas(app: FastifyInstance) {
  for (const schema of API_SCHEMAS) app.addSchema(schema);
  // Every value a route takes in is bounded by what the database holds (schemas/rules/bounds.ts), in its
  // validator and in /api/docs alike; a route that states a bound of its own keeps it.
  // A schema several routes share (idParams) stays one object, compiled once.
  const bounded = new WeakMap<Schema, Schema>();
  app.addHook('onRoute', (route) => {
    const schema = route.schema as Record<string, Schema | undefined> | undefined;
    if (!schema) return;
    for (const part of ['body', 'querystring', 'params'] as const) {
      const s = schema[part];
      if (!s) continue;
      if (!bounded.has(s)) bounded.set(s, withStorageBoundsDeep(s));
      schema[part] = bounded.get(s);
    }
  });
  // Before validation, so that a validator never walks a 5 000-deep array.
  app.addHook('preValidation', async (request) => assertSafe(request));
}

/** An error answer of a route: `{ error: { code, message, fields } }`, with what it means for /api/docs. */
