// Turning what a person typed into what is stored and checked: phone numbers, and refusals of the checks
// a schema cannot make, worded like the schema's own (the routes' schemas trim and word the rest: x-trim,
// x-messages).
import { eq, sql } from 'drizzle-orm';
import { users } from '../../generated/tables';
import { type ApiError, badRequest } from '../http/errors';

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

const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);

/** Refusal in the shape of assertValid: the summary names each field by its label. */
export function fieldsError(fields: Record<string, string>, labels: Record<string, string>): ApiError {
  const lines = Object.entries(fields).map(([k, text]) =>
    labels[k] ? `«${labels[k]}»: ${lowerFirst(text)}` : text,
  );
  return badRequest(`Проверьте данные: ${lines.join('; ')}`, fields);
}

/** Labels of a payload schema's fields, from its x-label keywords. */
export function labelsOf(schema: { properties: Record<string, { 'x-label'?: string }> }) {
  return Object.fromEntries(
    Object.entries(schema.properties)
      .filter(([, p]) => p['x-label'])
      .map(([k, p]) => [k, p['x-label']!]),
  );
}
