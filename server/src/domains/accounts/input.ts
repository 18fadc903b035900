// Turning what a person typed into what is stored and checked: finding a user by phone (the phone rules
// themselves are @shop/schemas' rules/phone.ts) and the labels refusals name fields by (http/validation.ts
// words them).
import { eq, sql } from 'drizzle-orm';
import { users } from '../../../generated/tables';

/** The same comparison as storage: a stored +7…, 8… or spaced number equals the typed digits. */
export const phoneEquals = (digits: string) =>
  eq(
    sql`regexp_replace(regexp_replace(coalesce(${users.phone}, ''), '\\D', '', 'g'), '^8(\\d{10})$', '7\\1')`,
    digits,
  );

/** Labels of a payload schema's fields, from its x-label keywords. */
export function labelsOf(schema: { properties: Record<string, { 'x-label'?: string }> }) {
  return Object.fromEntries(
    Object.entries(schema.properties)
      .filter(([, p]) => p['x-label'])
      .map(([k, p]) => [k, p['x-label']!]),
  );
}
