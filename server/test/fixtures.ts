// Fixtures made from a derived JSON Schema: one valid value, and variants that each break one rule.
// The parity test feeds both to ajv and zod; they must agree on every one.
type S = Record<string, unknown> & {
  type?: string | string[];
  properties?: Record<string, S>;
  required?: string[];
  items?: S;
  enum?: unknown[];
  additionalProperties?: boolean | S;
  anyOf?: S[];
};

const STRING_CANDIDATES = [
  'proba',
  'test-slug',
  'Пробный текст',
  'ABC123',
  '1234567890',
  '123456789012',
  '12345678901234567890',
  '044525225',
  '+79991234567',
  '#ff0000',
  'https://example.ru/a',
  '/uploads/demo/a.webp',
  'a@b.ru',
  '{{name}}',
];

const typesOf = (s: S) =>
  (Array.isArray(s.type) ? s.type : s.type ? [s.type] : []).filter((t) => t !== 'null');

function validString(s: S): string {
  if (s.format === 'date-time') return '2026-11-22T10:00:00+03:00';
  if (s.format === 'date') return '2026-11-22';
  if (s.format === 'email') return 'master@example.ru';
  if (s.format === 'uri') return 'https://example.ru/page';
  const min = (s.minLength as number | undefined) ?? 0;
  const max = (s.maxLength as number | undefined) ?? Infinity;
  const re = typeof s.pattern === 'string' ? new RegExp(s.pattern, 'u') : null;
  const examples = (s.examples as string[] | undefined) ?? [];
  for (const c of [...examples, ...STRING_CANDIDATES]) {
    if (c.length >= min && c.length <= max && (!re || re.test(c))) return c;
  }
  throw new Error(`no valid string for pattern ${String(s.pattern)}: add "examples" to the property`);
}

export function validValue(s: S): unknown {
  if (s.anyOf) return validValue(s.anyOf[0]!);
  if (s.enum) return s.enum.find((v) => v !== null);
  const t = typesOf(s)[0];
  switch (t) {
    case 'string':
      return validString(s);
    case 'integer':
    case 'number': {
      const min = (s.minimum as number | undefined) ?? 0;
      const max = (s.maximum as number | undefined) ?? min + 10;
      return Math.min(Math.max(min, 1), max);
    }
    case 'boolean':
      return true;
    case 'array':
      return s.items && (s.minItems as number | undefined)
        ? [validValue(s.items)]
        : s.items
          ? [validValue(s.items)]
          : [];
    case 'object': {
      if (s.additionalProperties && typeof s.additionalProperties === 'object')
        return { key: validValue(s.additionalProperties) };
      return Object.fromEntries(
        Object.entries(s.properties ?? {})
          .filter(([n]) => n !== 'id')
          .map(([n, p]) => [n, validValue(p)]),
      );
    }
    default:
      return null;
  }
}

export interface Variant {
  name: string;
  value: unknown;
}

/** Variants of a valid object, each breaking one property in one way (or the object itself). */
export function brokenVariants(s: S, valid: Record<string, unknown>): Variant[] {
  const out: Variant[] = [{ name: 'unknown property', value: { ...valid, unknownField: 1 } }];
  for (const name of s.required ?? []) {
    const { [name]: _gone, ...rest } = valid;
    out.push({ name: `missing ${name}`, value: rest });
  }
  for (const [name, p] of Object.entries(s.properties ?? {})) {
    const set = (v: unknown, why: string) =>
      out.push({ name: `${name}: ${why}`, value: { ...valid, [name]: v } });
    const types = typesOf(p);
    const nullable = Array.isArray(p.type) ? p.type.includes('null') : p.enum?.includes(null);
    if (!nullable && !p.anyOf) set(null, 'null');
    if (p.enum) set('no-such-value', 'not in enum');
    const t = types[0];
    if (t === 'string') {
      set(12345, 'number instead of text');
      if (typeof p.maxLength === 'number') set('я'.repeat(p.maxLength + 1), 'too long');
      if (typeof p.minLength === 'number' && p.minLength > 0) set('', 'too short');
      if (p.pattern) set('Не подходит !!', 'pattern');
      if (p.format) set('not-a-value', `format ${JSON.stringify(p.format)}`);
      // Real calendar days past what the database and JavaScript both hold (schemas/rules/bounds.ts).
      if (p.format === 'date') set('0000-01-01', 'year 0000');
      if (p.format === 'date-time') {
        set('0999-12-31T00:00:00Z', 'year before 1000');
        set('2016-12-31T23:59:60Z', 'a leap second');
      }
    } else if (t === 'integer' || t === 'number') {
      set('12', 'text instead of number');
      if (t === 'integer') set(1.5, 'fraction');
      if (typeof p.minimum === 'number') set(p.minimum - 1, 'below minimum');
      if (typeof p.maximum === 'number') set(p.maximum + 1, 'above maximum');
    } else if (t === 'boolean') {
      set('true', 'text instead of boolean');
    } else if (t === 'array') {
      set('x', 'not an array');
      if (p.items && typesOf(p.items)[0] !== 'object') set([{ wrong: true }], 'wrong item');
      if (typeof p.maxItems === 'number' && p.items)
        set(
          Array.from({ length: p.maxItems + 1 }, () => validValue(p.items!)),
          'too many',
        );
      if (p.uniqueItems && p.items) set([validValue(p.items), validValue(p.items)], 'repeated items');
      if (p.items && typesOf(p.items)[0] === 'object') {
        const item = validValue(p.items) as Record<string, unknown>;
        for (const v of brokenVariants(p.items, item))
          out.push({ name: `${name}[0] ${v.name}`, value: { ...valid, [name]: [v.value] } });
      }
    } else if (t === 'object') {
      set([], 'array instead of object');
    }
  }
  return out;
}
