// ajv validators for request bodies, query strings and path parameters, compiled once per schema, with errors
// turned into Russian messages that name the field by its label. Routes declare their schemas in Fastify's
// route `schema` (http/route-schemas.ts compiles them here); services check their own inputs with assertValid.
import { Ajv, type ErrorObject, type Options, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { normalizedPhone, ruleMessage } from '@shop/schemas';
import { badRequest, type ApiError } from './errors';

/**
 * The schema keywords of ours that validation knows: `x-label` names a field in messages, `x-messages`
 * replaces the generic message of a rule (`{ "pattern": "Введите номер телефона полностью…" }`), `x-trim`
 * trims a string before its length and pattern are checked (a name of spaces is no name), `x-normalize`
 * stores a phone number typed any way in one form.
 */
function withVocabulary(ajv: Ajv): Ajv {
  addFormats(ajv, ['date-time', 'date', 'email', 'uri']);
  ajv.addKeyword('x-label');
  ajv.addKeyword({ keyword: 'x-messages', schemaType: 'object' });
  ajv.addKeyword({
    keyword: 'x-trim',
    type: 'string',
    schemaType: 'boolean',
    modifying: true,
    // ajv checks maxLength before minLength: trimmed before both, "  abc  " fits a maxLength of 5.
    before: 'maxLength',
    validate: (
      on: boolean,
      data: string,
      _schema?: unknown,
      cxt?: { parentData: unknown; parentDataProperty: string | number },
    ) => {
      if (on && cxt?.parentData && typeof cxt.parentData === 'object')
        (cxt.parentData as Record<string | number, unknown>)[cxt.parentDataProperty] = data.trim();
      return true;
    },
  });
  // x-normalize "phone": «8 (495) 123-45-67» is stored as +74951234567, before the pattern checks it.
  ajv.addKeyword({
    keyword: 'x-normalize',
    type: 'string',
    schemaType: 'string',
    metaSchema: { enum: ['phone'] },
    modifying: true,
    before: 'maxLength',
    validate: (
      _kind: string,
      data: string,
      _schema?: unknown,
      cxt?: { parentData: unknown; parentDataProperty: string | number },
    ) => {
      if (cxt?.parentData && typeof cxt.parentData === 'object')
        (cxt.parentData as Record<string | number, unknown>)[cxt.parentDataProperty] = normalizedPhone(data);
      return true;
    },
  });
  return ajv;
}

const COMMON: Options = { allErrors: true, strict: true, allowUnionTypes: true, verbose: true };

// Bodies: the same rules zod applies in the browser (see the parity test): no coercion, no defaults filled in.
export const ajv = withVocabulary(new Ajv({ ...COMMON, coerceTypes: false, useDefaults: false }));
// Query strings and path parameters arrive as text: "2" is the integer 2, a single value is a list of one,
// and a declared default fills a missing parameter.
export const textAjv = withVocabulary(new Ajv({ ...COMMON, coerceTypes: 'array', useDefaults: true }));

const caches = new Map<Ajv, WeakMap<object, ValidateFunction>>();
/** The engine's validator of a schema, compiled once (routes share params and payload schemas). */
export function validatorFor(schema: object, engine: Ajv = ajv): ValidateFunction {
  let cache = caches.get(engine);
  if (!cache) caches.set(engine, (cache = new WeakMap()));
  let v = cache.get(schema);
  if (!v) {
    // A schemas/api file is known by its $id already (route-schemas.ts adds them all).
    const id = (schema as { $id?: unknown }).$id;
    v = (typeof id === 'string' ? engine.getSchema(id) : undefined) ?? engine.compile(schema);
    cache.set(schema, v);
  }
  return v;
}

/** The generic Russian message of a failed rule (schemas/rules/messages.ts, the same words the forms use). */
function message(e: ErrorObject): string {
  const p = e.params as { limit?: unknown; type?: unknown; format?: unknown };
  return ruleMessage({
    keyword: e.keyword,
    limit: typeof p.limit === 'number' ? p.limit : undefined,
    types: e.keyword === 'type' ? String(p.type).split(',') : undefined,
    format: typeof p.format === 'string' ? p.format : undefined,
  });
}

/** "/offers/2/basePrice" → "offers.basePrice" (label key) and "offers.2.basePrice" (field key). */
function paths(e: ErrorObject): { key: string; labelKey: string } {
  const parts = e.instancePath.split('/').filter(Boolean);
  if (e.keyword === 'required') parts.push(String((e.params as { missingProperty: string }).missingProperty));
  if (e.keyword === 'additionalProperties')
    parts.push(String((e.params as { additionalProperty: string }).additionalProperty));
  return { key: parts.join('.'), labelKey: parts.filter((x) => !/^\d+$/.test(x)).join('.') };
}

/** The 400 for a failed validation: a Russian message per field, the summary naming fields by label. */
export function validationError(errors: ErrorObject[], labels: Record<string, string> = {}): ApiError {
  const fields: Record<string, string> = {};
  const lines: string[] = [];
  // An anyOf/oneOf failure repeats its branches' errors; keep the first error per field.
  for (const e of errors) {
    if (e.keyword === 'anyOf' || e.keyword === 'oneOf' || e.keyword === 'if') continue;
    const { key, labelKey } = paths(e);
    if (fields[key || '_']) continue;
    const own = (e.parentSchema?.['x-messages'] as Record<string, string> | undefined)?.[e.keyword];
    const text = own ?? message(e);
    fields[key || '_'] = text;
    const label = labels[labelKey] ?? (e.keyword === 'additionalProperties' ? labelKey : undefined);
    lines.push(label ? `«${label}»: ${text.charAt(0).toLowerCase()}${text.slice(1)}` : text);
  }
  return badRequest(`Проверьте данные: ${lines.join('; ')}`, fields);
}

/** Validates, or throws a 400 with Russian messages per field. */
export function assertValid(schema: object, data: unknown, labels: Record<string, string> = {}): void {
  const validate = validatorFor(schema);
  if (validate(data)) return;
  throw validationError(validate.errors ?? [], labels);
}

const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);

/** A refusal of checks a schema cannot make, in the shape of assertValid: the summary names each field by its label. */
export function fieldsError(fields: Record<string, string>, labels: Record<string, string>): ApiError {
  const lines = Object.entries(fields).map(([k, text]) =>
    labels[k] ? `«${labels[k]}»: ${lowerFirst(text)}` : text,
  );
  return badRequest(`Проверьте данные: ${lines.join('; ')}`, fields);
}
