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
]);

const FORMATS: Record<string, string> = {
  'date-time': 'z.iso.datetime({ offset: true, local: false })',
  date: 'z.iso.date()',
  email: 'z.email()',
  uri: 'z.url()',
};

function base(s: JsonSchema, type: string, where: string): string {
  switch (type) {
    case 'null':
      return 'z.null()';
    case 'boolean':
      return 'z.boolean()';
    case 'integer':
    case 'number': {
      let out = type === 'integer' ? 'z.int()' : 'z.number()';
      if (typeof s.minimum === 'number') out += `.min(${s.minimum})`;
      if (typeof s.maximum === 'number') out += `.max(${s.maximum})`;
      return out;
    }
    case 'string': {
      let out = s.format ? FORMATS[s.format] : 'z.string()';
      if (!out) throw new Error(`${where}: format ${s.format} has no zod equivalent`);
      if (typeof s.minLength === 'number') out += `.min(${s.minLength})`;
      if (typeof s.maxLength === 'number') out += `.max(${s.maxLength})`;
      if (typeof s.pattern === 'string') out += `.regex(new RegExp(${JSON.stringify(s.pattern)}, 'u'))`;
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
    const literal =
      values.every((v) => typeof v === 'string') && values.length > 0
        ? `z.enum(${JSON.stringify(values)})`
        : `z.union([${values.map((v) => `z.literal(${JSON.stringify(v)})`).join(', ')}])`;
    return s.enum.includes(null) ? `${literal}.nullable()` : literal;
  }
  const types = Array.isArray(s.type) ? s.type : s.type ? [s.type] : [];
  const nonNull = types.filter((t) => t !== 'null');
  if (nonNull.length === 0) throw new Error(`${where}: a type is required`);
  const out =
    nonNull.length === 1
      ? base(s, nonNull[0]!, where)
      : `z.union([${nonNull.map((t) => base(s, t, where)).join(', ')}])`;
  return types.includes('null') ? `${out}.nullable()` : out;
}

export function emitZod(entities: EntityModel[]): Record<string, string> {
  const lines = [
    GENERATED_HEADER,
    "import { z } from 'zod';",
    '',
    '// Russian messages for every rule zod checks.',
    'z.config(z.locales.ru());',
    "// No compiled validators: zod would test for them with new Function(), which the admin's and the storefront's",
    "// Content-Security-Policy refuse (no 'unsafe-eval'); the browser reports every such attempt as a violation.",
    'z.config({ jitless: true });',
    '',
    'const uniqueItems = (a: unknown[]) => new Set(a.map((v) => JSON.stringify(v))).size === a.length;',
    '',
  ];
  for (const e of entities) {
    lines.push(`/** ${e.label.one}: данные для создания. */`);
    lines.push(`export const ${e.typeName}InputSchema = ${zodOf(deriveSchema(e, 'create'), e.resource)};`);
    lines.push(`/** ${e.label.one}: данные для изменения. */`);
    lines.push(`export const ${e.typeName}PatchSchema = ${zodOf(deriveSchema(e, 'patch'), e.resource)};`);
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
