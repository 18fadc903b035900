// zod schemas for the forms of the admin and the storefront, from the same derived JSON Schemas the
// server validates with ajv. JSON Schema → zod is lossy, so only the keywords below are translated;
// a schema using anything else fails here, and the parity test (server/test/parity.test.ts) proves that
// zod and ajv accept and refuse the same fixtures.
import { deriveSchema } from '../derive';
import type { EntityModel, JsonSchema } from '../model';
import { GENERATED_HEADER } from './header';

const HANDLED = new Set([
  'type',
  'title',
  'description',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'enum',
  'minLength',
  'maxLength',
  'pattern',
  'format',
  'minimum',
  'maximum',
  'minItems',
  'maxItems',
  'uniqueItems',
  'anyOf',
  'examples',
  'x-messages',
  'x-normalize',
]);

/** A format's zod schema; `error` is the argument giving the schema's own words, or ''. */
const FORMATS: Record<string, (error: string) => string> = {
  'date-time': (error) =>
    `z.iso.datetime({ offset: true, local: false${error ? `, ${error.slice(2, -2)}` : ''} })`,
  date: (error) => `z.iso.date(${error})`,
  email: (error) => `z.email(${error})`,
  uri: (error) => `z.url(${error})`,
};

/** `{ error: "…" }` for a rule the schema words itself (x-messages), or '' for the shared words. */
function ownWords(s: JsonSchema, keyword: string): string {
  const words = (s['x-messages'] as Record<string, string> | undefined)?.[keyword];
  return words ? `{ error: ${JSON.stringify(words)} }` : '';
}

const withWords = (args: string, words: string) => (words ? `${args}, ${words}` : args);

function base(s: JsonSchema, type: string, where: string): string {
  const typeWords = ownWords(s, 'type');
  switch (type) {
    case 'null':
      return 'z.null()';
    case 'boolean':
      return `z.boolean(${typeWords})`;
    case 'integer':
    case 'number': {
      let out = type === 'integer' ? `z.int(${typeWords})` : `z.number(${typeWords})`;
      if (typeof s.minimum === 'number')
        out += `.min(${withWords(String(s.minimum), ownWords(s, 'minimum'))})`;
      if (typeof s.maximum === 'number')
        out += `.max(${withWords(String(s.maximum), ownWords(s, 'maximum'))})`;
      return out;
    }
    case 'string': {
      let out: string;
      if (s.format) {
        const format = FORMATS[s.format];
        if (!format) throw new Error(`${where}: format ${s.format} has no zod equivalent`);
        out = format(ownWords(s, 'format'));
      } else out = `z.string(${typeWords})`;
      if (typeof s.minLength === 'number')
        out += `.min(${withWords(String(s.minLength), ownWords(s, 'minLength'))})`;
      if (typeof s.maxLength === 'number')
        out += `.max(${withWords(String(s.maxLength), ownWords(s, 'maxLength'))})`;
      if (typeof s.pattern === 'string')
        out += `.regex(${withWords(`new RegExp(${JSON.stringify(s.pattern)}, 'u')`, ownWords(s, 'pattern'))})`;
      return out;
    }
    case 'array': {
      let out = `z.array(${zodOf(s.items ?? {}, `${where}[]`)})`;
      if (typeof s.minItems === 'number') out += `.min(${s.minItems})`;
      if (typeof s.maxItems === 'number') out += `.max(${s.maxItems})`;
      if (s.uniqueItems === true)
        out += '.refine(uniqueItems, { message: "Значения не должны повторяться" })';
      return out;
    }
    case 'object': {
      const props = s.properties ?? {};
      const required = new Set(s.required ?? []);
      const entries = Object.entries(props).map(([name, p]) => {
        const inner = zodOf(p, `${where}.${name}`);
        return `${JSON.stringify(name)}: ${required.has(name) ? inner : `${inner}.optional()`}`;
      });
      const ap = s.additionalProperties;
      if (ap && typeof ap === 'object') {
        if (entries.length) throw new Error(`${where}: properties together with additionalProperties schema`);
        return `z.record(z.string(), ${zodOf(ap as JsonSchema, `${where}{}`)})`;
      }
      return `z.strictObject({ ${entries.join(', ')} })`;
    }
    default:
      throw new Error(`${where}: type ${type} has no zod equivalent`);
  }
}

export function zodOf(s: JsonSchema, where: string): string {
  for (const k of Object.keys(s))
    if (!HANDLED.has(k)) throw new Error(`${where}: keyword ${k} has no zod translation`);
  if (Array.isArray(s.anyOf)) {
    return `z.union([${(s.anyOf as JsonSchema[]).map((a, i) => zodOf(a, `${where}|${i}`)).join(', ')}])`;
  }
  if (s.enum) {
    const values = s.enum.filter((v) => v !== null);
    const words = ownWords(s, 'enum');
    const literal =
      values.every((v) => typeof v === 'string') && values.length > 0
        ? `z.enum(${withWords(JSON.stringify(values), words)})`
        : `z.union([${values.map((v) => `z.literal(${JSON.stringify(v)})`).join(', ')}]${words ? `, ${words}` : ''})`;
    return s.enum.includes(null) ? `${literal}.nullable()` : literal;
  }
  const types = Array.isArray(s.type) ? s.type : s.type ? [s.type] : [];
  const nonNull = types.filter((t) => t !== 'null');
  if (nonNull.length === 0) throw new Error(`${where}: a type is required`);
  const out =
    nonNull.length === 1
      ? base(s, nonNull[0]!, where)
      : `z.union([${nonNull.map((t) => base(s, t, where)).join(', ')}])`;
  const nullable = types.includes('null') ? `${out}.nullable()` : out;
  // The server stores a phone typed any way in one form (x-normalize); the form lets the same through.
  return s['x-normalize'] === 'phone' ? `z.preprocess(normalizedPhone, ${nullable})` : nullable;
}

/** The x-not-before pairs of an entity (schemas/rules/ranges.ts). */
function notBeforePairs(e: EntityModel) {
  return e.fields
    .filter((f) => f.notBefore)
    .map((f) => {
      const from = e.fields.find((x) => x.name === f.notBefore)!;
      return {
        field: f.name,
        from: from.name,
        fromLabel: from.label,
        dated: f.kind === 'date-time' || f.kind === 'date',
      };
    });
}

export function emitZod(entities: EntityModel[]): Record<string, string> {
  const lines = [
    GENERATED_HEADER,
    "import { z } from 'zod';",
    '',
    "import { zodIssueMessage } from '../rules/messages';",
    "import { normalizedPhone } from '../rules/phone';",
    "import { notBeforeRefinement } from '../rules/ranges';",
    '',
    "// Russian messages for every rule zod checks: the server's words (rules/messages.ts), zod's Russian",
    '// locale for anything a schema never states.',
    'z.config(z.locales.ru());',
    'z.config({ customError: zodIssueMessage });',
    "// No compiled validators: zod would test for them with new Function(), which the admin's and the storefront's",
    "// Content-Security-Policy refuse (no 'unsafe-eval'); the browser reports every such attempt as a violation.",
    'z.config({ jitless: true });',
    '',
    'const uniqueItems = (a: unknown[]) => new Set(a.map((v) => JSON.stringify(v))).size === a.length;',
    '',
  ];
  for (const e of entities) {
    // x-not-before: an end before its start is refused as soon as the form holds both.
    const pairs = notBeforePairs(e);
    const refine = pairs.length ? `.superRefine(notBeforeRefinement(${JSON.stringify(pairs)}))` : '';
    lines.push(`/** ${e.label.one}: данные для создания. */`);
    lines.push(
      `export const ${e.typeName}InputSchema = ${zodOf(deriveSchema(e, 'create'), e.resource)}${refine};`,
    );
    lines.push(`/** ${e.label.one}: данные для изменения. */`);
    lines.push(
      `export const ${e.typeName}PatchSchema = ${zodOf(deriveSchema(e, 'patch'), e.resource)}${refine};`,
    );
    lines.push('');
  }
  lines.push('/** Create schemas by resource name. */');
  lines.push(
    `export const inputSchemas = {${entities.map((e) => `'${e.resource}': ${e.typeName}InputSchema`).join(', ')}} as const;`,
  );
  lines.push('/** Update schemas by resource name. */');
  lines.push(
    `export const patchSchemas = {${entities.map((e) => `'${e.resource}': ${e.typeName}PatchSchema`).join(', ')}} as const;`,
  );
  return { 'schemas/generated/zod.ts': lines.join('\n') + '\n' };
}
