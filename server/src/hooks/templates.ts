// mail-templates and sms-templates: a template may only use the variables the server fills in for its code
// (messages/catalog.ts); a misspelt {{custmerName}} would otherwise go out to customers as an empty gap. The
// `variables` column is derived here for the admin's list.
import type { ResourceHooks } from '../crud/resource';
import { badRequest } from '../http/errors';
import { templateVariables } from '../messages/render';
import { variablesFor, type Channel } from '../messages/catalog';

const LABELS: Record<string, string> = { subject: 'Тема письма', body: 'Текст' };

/**
 * The rule of templates, also used by the admin's preview and mailings: for each text (by field name) that
 * uses variables a text of this channel and code may not use, a Russian message naming them and the ones
 * that are available. Empty when every variable is known.
 */
export function unknownVariableErrors(
  channel: Channel,
  code: string,
  texts: Record<string, string | null | undefined>,
): Record<string, string> {
  const allowed = new Set(variablesFor(channel, code).map((v) => v.name));
  const errors: Record<string, string> = {};
  for (const [field, text] of Object.entries(texts)) {
    const unknown = templateVariables(text).filter((n) => !allowed.has(n));
    if (unknown.length)
      errors[field] =
        `Неизвестные переменные: ${unknown.map((n) => `{{${n}}}`).join(', ')}. ` +
        `Доступны: ${[...allowed].map((n) => `{{${n}}}`).join(', ')}`;
  }
  return errors;
}

function checkVariables(
  channel: Channel,
  fields: readonly string[],
): NonNullable<ResourceHooks['beforeSave']> {
  return (data, { existing }) => {
    const merged = { ...existing, ...data } as Record<string, unknown>;
    const code = typeof merged.code === 'string' ? merged.code : '';
    const texts = Object.fromEntries(fields.map((f) => [f, merged[f] as string | null]));
    const errors = unknownVariableErrors(channel, code, texts);
    if (Object.keys(errors).length) {
      const first = Object.keys(errors)[0]!;
      throw badRequest(`${LABELS[first] ?? first}: ${errors[first]}`, errors);
    }
    return { ...data, variables: templateVariables(...fields.map((f) => merged[f] as string | null)) };
  };
}

export const beforeSaveMail = checkVariables('email', ['subject', 'body']);
export const beforeSaveSms = checkVariables('sms', ['body']);
