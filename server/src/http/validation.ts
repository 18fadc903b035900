// ajv validators for request bodies, compiled once per schema, with errors turned into Russian messages
// that name the field by its label.
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { badRequest } from './errors';

// The same rules zod applies in the browser (see the parity test): no coercion, no defaults filled in.
export const ajv = new Ajv({
  allErrors: true,
  strict: true,
  allowUnionTypes: true,
  coerceTypes: false,
  useDefaults: false,
});
addFormats(ajv, ['date-time', 'date', 'email', 'uri']);
// Descriptive keywords allowed in schemas.
ajv.addKeyword('x-label');

const cache = new WeakMap<object, ValidateFunction>();
export function validatorFor(schema: object): ValidateFunction {
  let v = cache.get(schema);
  if (!v) {
    v = ajv.compile(schema);
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

/** Validates, or throws a 400 with Russian messages per field. */
export function assertValid(schema: object, data: unknown, labels: Record<string, string> = {}): void {
  const validate = validatorFor(schema);
  if (validate(data)) return;
  const fields: Record<string, string> = {};
  const lines: string[] = [];
  // An anyOf/oneOf failure repeats its branches' errors; keep the first error per field.
  for (const e of validate.errors ?? []) {
    if (e.keyword === 'anyOf' || e.keyword === 'oneOf' || e.keyword === 'if') continue;
    const { key, labelKey } = paths(e);
    if (fields[key || '_']) continue;
    const text = message(e);
    fields[key || '_'] = text;
    const label = labels[labelKey] ?? (e.keyword === 'additionalProperties' ? labelKey : undefined);
    lines.push(label ? `«${label}»: ${text.charAt(0).toLowerCase()}${text.slice(1)}` : text);
  }
  throw badRequest(`Проверьте данные: ${lines.join('; ')}`, fields);
}
