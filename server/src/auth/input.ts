// Turning what a person typed into what is stored and checked: phone numbers, and schema validation
// with messages of our own where the generic one ("Неверный формат") would not tell what to fix.
import { eq, sql } from 'drizzle-orm';
import { users } from '../../generated/tables';
import { ApiError, badRequest } from '../http/errors';
import { assertValid, validatorFor } from '../http/validation';

/** Digits of a Russian phone number as stored: 8XXXXXXXXXX and +7XXXXXXXXXX are the same number. */
export function phoneDigits(s: string): string {
  const d = s.replace(/\D/g, '');
  return d.length === 11 && d.startsWith('8') ? `7${d.slice(1)}` : d;
}

/** The stored form (+79991234567), or null when it is not a phone number at all. */
export function storedPhone(s: string): string | null {
  let d = phoneDigits(s);
  // A Russian mobile typed without the country code.
  if (d.length === 10 && d.startsWith('9')) d = `7${d}`;
  return /^[1-9]\d{10,14}$/.test(d) ? `+${d}` : null;
}

/** The same comparison as storage: a stored +7…, 8… or spaced number equals the typed digits. */
export const phoneEquals = (digits: string) =>
  eq(
    sql`regexp_replace(regexp_replace(coalesce(${users.phone}, ''), '\\D', '', 'g'), '^8(\\d{10})$', '7\\1')`,
    digits,
  );

export const PHONE_MESSAGE = 'Введите номер телефона полностью, например +7 999 123-45-67';
export const PASSWORD_MESSAGE =
  'Пароль должен быть не короче 8 символов и содержать хотя бы одну букву и цифру';

/** Field → keyword → message, for the rules whose generic message says too little. */
export type CustomMessages = Record<string, Partial<Record<string, string>>>;

const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);

/** Refusal in the shape of assertValid: the summary names each field by its label. */
export function fieldsError(fields: Record<string, string>, labels: Record<string, string>): ApiError {
  const lines = Object.entries(fields).map(([k, text]) =>
    labels[k] ? `«${labels[k]}»: ${lowerFirst(text)}` : text,
  );
  return badRequest(`Проверьте данные: ${lines.join('; ')}`, fields);
}

/** assertValid, with the custom messages in place of the generic ones for the rules they name. */
export function assertValidWith(
  schema: object,
  data: unknown,
  labels: Record<string, string>,
  custom: CustomMessages,
): void {
  const validate = validatorFor(schema);
  if (validate(data)) return;
  const overrides: Record<string, string> = {};
  for (const e of validate.errors ?? []) {
    const field = e.instancePath.split('/').filter(Boolean)[0];
    const message = field ? custom[field]?.[e.keyword] : undefined;
    if (field && message && !overrides[field]) overrides[field] = message;
  }
  try {
    assertValid(schema, data, labels);
  } catch (err) {
    if (!(err instanceof ApiError) || !err.fields || !Object.keys(overrides).length) throw err;
    throw fieldsError({ ...err.fields, ...overrides }, labels);
  }
}

/** A JSON object body with its strings trimmed, but for the `keep` fields: a name of spaces is no name. */
export const trimmedBody = (body: unknown, keep: readonly string[] = []): unknown =>
  body && typeof body === 'object' && !Array.isArray(body)
    ? Object.fromEntries(
        Object.entries(body).map(([k, v]) => [k, typeof v === 'string' && !keep.includes(k) ? v.trim() : v]),
      )
    : body;

/** Labels of a payload schema's fields, from its x-label keywords. */
export function labelsOf(schema: { properties: Record<string, { 'x-label'?: string }> }) {
  return Object.fromEntries(
    Object.entries(schema.properties)
      .filter(([, p]) => p['x-label'])
      .map(([k, p]) => [k, p['x-label']!]),
  );
}
