// The values of a directory entry against the fields its directory defines (string, number, boolean,
// colour, image): unknown keys, wrong types and missing required values are refused in Russian.
import { badRequest } from '../../platform/http/errors';

export type EntryFieldType = 'string' | 'number' | 'boolean' | 'color' | 'image';
export interface EntryField {
  code: string;
  title: string;
  type: EntryFieldType;
  required: boolean;
}

const COLOUR = /^#[0-9a-fA-F]{6}$/;
/** An uploaded file (/uploads/…) or an outside address. */
const IMAGE = /^(\/|https?:\/\/)\S+$/;
const MAX_TEXT = 2000;

function problem(field: EntryField, value: unknown): string | null {
  switch (field.type) {
    case 'string':
      if (typeof value !== 'string') return 'Ожидается текст';
      return value.length > MAX_TEXT ? `Не длиннее ${MAX_TEXT} символов` : null;
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? null : 'Ожидается число';
    case 'boolean':
      return typeof value === 'boolean' ? null : 'Ожидается «да» или «нет»';
    case 'color':
      return typeof value === 'string' && COLOUR.test(value) ? null : 'Цвет в виде #RRGGBB, например #1a2b3c';
    case 'image':
      return typeof value === 'string' && IMAGE.test(value) && value.length <= 500
        ? null
        : 'Адрес изображения: /uploads/… или https://…';
  }
}

const isEmpty = (v: unknown) => v === undefined || v === null || v === '';

/** The values to store (empty optional values dropped), or a 400 naming every bad field. */
export function checkEntryValues(
  directoryTitle: string,
  fields: EntryField[],
  values: Record<string, unknown>,
): Record<string, string | number | boolean> {
  const errors: Record<string, string> = {};
  const byCode = new Map(fields.map((f) => [f.code, f]));
  for (const key of Object.keys(values)) {
    if (!byCode.has(key)) errors[`values.${key}`] = `В справочнике «${directoryTitle}» нет поля «${key}»`;
  }
  const out: Record<string, string | number | boolean> = {};
  for (const field of fields) {
    const value = values[field.code];
    if (isEmpty(value)) {
      if (field.required) errors[`values.${field.code}`] = 'Обязательное поле';
      continue;
    }
    const bad = problem(field, value);
    if (bad) errors[`values.${field.code}`] = bad;
    // problem() found none: the value is of the field's scalar type.
    else out[field.code] = value as string | number | boolean;
  }
  const entries = Object.entries(errors);
  if (entries.length) {
    const named = entries.map(([key, msg]) => {
      const f = byCode.get(key.slice('values.'.length));
      return f ? `«${f.title}»: ${msg.charAt(0).toLowerCase()}${msg.slice(1)}` : msg;
    });
    throw badRequest(`Значения полей: ${named.join('; ')}`, errors);
  }
  return out;
}
