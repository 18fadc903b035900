// ajv validators for request bodies, query strings and path parameters, compiled once per schema, with errors
// turned into Russian messages that name the field by its label. Routes declare their schemas in Fastify's
// route `schema` (http/route-schemas.ts compiles them here); services check their own inputs with assertValid.
import { Ajv, type ErrorObject, type Options, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { badRequest, type ApiError } from './errors';

/**
 * The schema keywords of ours that validation knows: `x-label` names a field in messages, `x-messages`
 * replaces the generic message of a rule (`{ "pattern": "Введите номер телефона полностью…" }`), `x-trim`
 * trims a string before its length and pattern are checked (a name of spaces is no name).
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

const plural = (n: number, one: string, few: string, many: string) => {
  const rule = new Intl.PluralRules('ru').select(n);
  return `${n} ${rule === 'one' ? one : rule === 'few' ? few : many}`;
};

const TYPE_NAMES: Record<string, string> = {
  string: 'строкой',
  integer: 'целым числом',
  number: 'числом',
  boolean: 'да/нет (true или false)',
  array: 'списком',
  object: 'объектом',
  null: 'пустым',
};

function message(e: ErrorObject): string {
  const p = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case 'required':
      return 'Обязательное поле';
    case 'type': {
      const types = String(p.type).split(',');
      return `Должно быть ${types
        .filter((t) => t !== 'null')
        .map((t) => TYPE_NAMES[t] ?? t)
        .join(' или ')}`;
    }
    case 'minLength':
      return p.limit === 1
        ? 'Не может быть пустым'
        : `Не короче ${plural(Number(p.limit), 'символа', 'символов', 'символов')}`;
    case 'maxLength':
      return `Не длиннее ${plural(Number(p.limit), 'символа', 'символов', 'символов')}`;
    case 'minimum':
      return `Не меньше ${String(p.limit)}`;
    case 'maximum':
      return `Не больше ${String(p.limit)}`;
    case 'exclusiveMinimum':
      return `Больше ${String(p.limit)}`;
    case 'exclusiveMaximum':
      return `Меньше ${String(p.limit)}`;
    case 'pattern':
      return 'Неверный формат';
    case 'format':
      return p.format === 'email'
        ? 'Неверный адрес электронной почты'
        : p.format === 'date-time'
          ? 'Неверные дата и время'
          : p.format === 'date'
            ? 'Неверная дата'
            : 'Неверный формат';
    case 'enum':
      return 'Недопустимое значение';
    case 'minItems':
      return `Нужно не меньше ${plural(Number(p.limit), 'элемента', 'элементов', 'элементов')}`;
    case 'maxItems':
      return `Не больше ${plural(Number(p.limit), 'элемента', 'элементов', 'элементов')}`;
    case 'uniqueItems':
      return 'Значения не должны повторяться';
    case 'additionalProperties':
      return 'Неизвестное поле';
    default:
      return 'Неверное значение';
  }
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
