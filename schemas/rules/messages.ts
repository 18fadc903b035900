import { plural as pluralForm } from './plural';

// The Russian words of every rule a schema states, said the same by the server (ajv, http/validation.ts)
// and by the forms of the admin and the storefront (zod, the generated zod.ts). A schema's own words for a
// rule (`x-messages`) come first on both sides; these are what is said otherwise. None of them shows a type
// name, a pattern or a limit in machine notation.

/** A rule by its JSON Schema keyword, with what the message needs to know of it. */
export interface Rule {
  keyword: string;
  /** minLength, maxLength, minimum, maximum, minItems, maxItems and their exclusive forms. */
  limit?: number;
  /** type: the expected JSON types. */
  types?: readonly string[];
  /** format: date-time, date, email, uri. */
  format?: string;
}

const plural = (n: number, one: string, few: string, many: string) =>
  `${n} ${pluralForm(n, [one, few, many])}`;

/** 0.5 → «0,5»: a decimal comma, as a Russian reader writes it. */
const number = (n: number) => String(n).replace('.', ',');

const TYPE_NAMES: Record<string, string> = {
  string: 'строкой',
  integer: 'целым числом',
  number: 'числом',
  boolean: 'да или нет',
  array: 'списком',
  object: 'объектом',
};

const FORMATS: Record<string, string> = {
  email: 'Неверный адрес электронной почты',
  'date-time': 'Неверные дата и время',
  date: 'Неверная дата',
  uri: 'Введите полный адрес, начиная с https://',
};

export function ruleMessage(rule: Rule): string {
  const limit = rule.limit ?? 0;
  switch (rule.keyword) {
    case 'required':
      return 'Обязательное поле';
    case 'type': {
      const names = (rule.types ?? []).filter((t) => t !== 'null').map((t) => TYPE_NAMES[t]);
      return names.length && names.every(Boolean)
        ? `Должно быть ${names.join(' или ')}`
        : 'Неверное значение';
    }
    case 'minLength':
      return limit === 1
        ? 'Не может быть пустым'
        : `Не короче ${plural(limit, 'символа', 'символов', 'символов')}`;
    case 'maxLength':
      return `Не длиннее ${plural(limit, 'символа', 'символов', 'символов')}`;
    case 'minimum':
      return `Не меньше ${number(limit)}`;
    case 'maximum':
      return `Не больше ${number(limit)}`;
    case 'exclusiveMinimum':
      return `Больше ${number(limit)}`;
    case 'exclusiveMaximum':
      return `Меньше ${number(limit)}`;
    case 'pattern':
      return 'Неверный формат';
    case 'format':
      return FORMATS[rule.format ?? ''] ?? 'Неверный формат';
    case 'enum':
      return 'Недопустимое значение';
    case 'minItems':
      return `Нужно не меньше ${plural(limit, 'элемента', 'элементов', 'элементов')}`;
    case 'maxItems':
      return `Не больше ${plural(limit, 'элемента', 'элементов', 'элементов')}`;
    case 'uniqueItems':
      return 'Значения не должны повторяться';
    case 'additionalProperties':
      return 'Неизвестное поле';
    default:
      return 'Неверное значение';
  }
}

/** The part of a zod issue (zod 4's raw issue) the mapping reads. */
export interface ZodIssueLike {
  code?: string;
  expected?: string;
  origin?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  inclusive?: boolean;
  format?: string;
  [key: string]: unknown;
}

const ZOD_FORMATS: Record<string, string> = {
  email: 'email',
  datetime: 'date-time',
  date: 'date',
  url: 'uri',
};
const ZOD_TYPES: Record<string, string> = { int: 'integer', number: 'number', string: 'string' };

/** The JSON Schema rule a zod issue stands for, or null for what zod checks that a schema never states. */
export function ruleOfZodIssue(issue: ZodIssueLike): Rule | null {
  const sized =
    issue.origin === 'string' ? 'Length' : issue.origin === 'array' || issue.origin === 'set' ? 'Items' : '';
  switch (issue.code) {
    case 'invalid_type':
      return { keyword: 'type', types: [ZOD_TYPES[issue.expected ?? ''] ?? issue.expected ?? ''] };
    case 'too_small':
      return sized
        ? { keyword: `min${sized}`, limit: Number(issue.minimum) }
        : {
            keyword: issue.inclusive === false ? 'exclusiveMinimum' : 'minimum',
            limit: Number(issue.minimum),
          };
    case 'too_big':
      return sized
        ? { keyword: `max${sized}`, limit: Number(issue.maximum) }
        : {
            keyword: issue.inclusive === false ? 'exclusiveMaximum' : 'maximum',
            limit: Number(issue.maximum),
          };
    case 'invalid_format':
      return issue.format === 'regex'
        ? { keyword: 'pattern' }
        : { keyword: 'format', format: ZOD_FORMATS[issue.format ?? ''] ?? issue.format };
    case 'invalid_value':
      return { keyword: 'enum' };
    case 'unrecognized_keys':
      return { keyword: 'additionalProperties' };
    case 'invalid_union':
      return { keyword: 'anyOf' };
    default:
      return null;
  }
}

/**
 * zod's error map (`z.config({ customError })`): the same words as the server's. A message a schema gave
 * for the check itself wins over this, as zod orders them; a custom refinement keeps its own message.
 */
export function zodIssueMessage(issue: ZodIssueLike): string | undefined {
  const rule = ruleOfZodIssue(issue);
  return rule ? ruleMessage(rule) : undefined;
}
