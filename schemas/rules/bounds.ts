// What a column can hold, as JSON Schema rules: every integer the API accepts is bounded by its column type,
// every date and date-time by the years both PostgreSQL and JavaScript read back as written. Codegen adds
// these rules to every entity field (codegen/src/derive.ts), the server to the payload schemas of
// schemas/api (server/src/platform/http/route-schemas.ts), so ajv, zod and the OpenAPI document all state them and
// a value past them is a 400 naming the field, never a database error.

/** PostgreSQL `integer`. */
export const INT4 = { minimum: -2_147_483_648, maximum: 2_147_483_647 } as const;
/** PostgreSQL `bigint`, as far as a JavaScript number holds it exactly. */
export const INT8 = { minimum: -Number.MAX_SAFE_INTEGER, maximum: Number.MAX_SAFE_INTEGER } as const;

/**
 * Dates and date-times are years 1000–9999 as written, with seconds 00–59. Below the year 100 a timestamp
 * PostgreSQL sends back («0001-01-01 00:00:00+00») is read by JavaScript as a two-digit year (2001); year 0
 * is no year to PostgreSQL; a leap second (23:59:60) is no time to JavaScript. Four digits from 1000 keep
 * every written value, and every offset from it, inside what both read back unchanged.
 */
export const YEARS = { first: 1000, last: 9999 } as const;
export const DATE_PATTERN = '^[1-9]\\d{3}-';
export const DATE_TIME_PATTERN = '^[1-9]\\d{3}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:[0-5]\\d';
export const DATE_BOUND_MESSAGE = `Год — от ${YEARS.first} до ${YEARS.last}`;
export const DATE_TIME_BOUND_MESSAGE = `Год — от ${YEARS.first} до ${YEARS.last}, время — до 23:59:59`;

type Schema = Record<string, unknown>;

const typesOf = (s: Schema): unknown[] =>
  Array.isArray(s.type) ? (s.type as unknown[]) : s.type === undefined ? [] : [s.type];

/**
 * The schema of one value with the bounds of its storage added: `int8` for a bigint column, else an
 * integer is an `integer`. `clamp` (codegen, which knows the column): a stated bound wider than the column
 * is narrowed to it; otherwise (hand-written schemas) a stated bound is the author's and only missing ones
 * are added. Only this value's own keywords: `items`, `properties` and the like are the caller's to walk.
 */
export function withStorageBounds(s: Schema, { int8 = false, clamp = true } = {}): Schema {
  if (s.enum) return s;
  const types = typesOf(s);
  if (types.includes('integer')) {
    const range = int8 ? INT8 : INT4;
    const out = { ...s };
    const wide = (stated: unknown, past: (n: number) => boolean) =>
      typeof stated !== 'number' || (clamp && past(stated));
    if (s.exclusiveMinimum === undefined && wide(s.minimum, (n) => n < range.minimum))
      out.minimum = range.minimum;
    if (s.exclusiveMaximum === undefined && wide(s.maximum, (n) => n > range.maximum))
      out.maximum = range.maximum;
    return out;
  }
  if (types.includes('string') && (s.format === 'date' || s.format === 'date-time')) {
    const date = s.format === 'date';
    const pattern = date ? DATE_PATTERN : DATE_TIME_PATTERN;
    if (s.pattern === pattern) return s;
    if (s.pattern !== undefined)
      throw new Error('a date or a date-time states no pattern of its own: its years are bounded');
    const messages = (s['x-messages'] as Record<string, string> | undefined) ?? {};
    return {
      ...s,
      pattern,
      'x-messages': { ...messages, pattern: date ? DATE_BOUND_MESSAGE : DATE_TIME_BOUND_MESSAGE },
    };
  }
  return s;
}

/**
 * Every value of a hand-written schema bounded, nested objects, arrays and alternatives included: an
 * integer that states no bound of its own is a PostgreSQL `integer`.
 */
export function withStorageBoundsDeep(s: Schema): Schema {
  const walk = (v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) ? withStorageBoundsDeep(v as Schema) : v;
  const next: Schema = withStorageBounds(s, { clamp: false });
  const out: Schema = { ...next };
  if (next.properties && typeof next.properties === 'object')
    out.properties = Object.fromEntries(
      Object.entries(next.properties as Record<string, unknown>).map(([k, v]) => [k, walk(v)]),
    );
  for (const key of ['items', 'additionalProperties', 'not'] as const)
    if (next[key] && typeof next[key] === 'object') out[key] = walk(next[key]);
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const)
    if (Array.isArray(next[key])) out[key] = (next[key] as unknown[]).map(walk);
  return out;
}
