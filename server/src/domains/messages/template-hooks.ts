// mail-templates and sms-templates. What is checked at every save (the admin's preview and mailings check
// the texts the same way, templateErrors):
//   - a template may only use the variables the server fills in for its code (messages/catalog.ts): a
//     misspelt {{custmerName}} would otherwise go out to customers as an empty gap;
//   - a secret (a link with a token: password reset, e-mail or subscription confirmation, unsubscribe) stands
//     in an e-mail only as the whole, quoted href of a link, <a href="{{resetUrl}}">. Its value is the shop's
//     own address, built by the server, so that is a link to the shop; anywhere else (a picture's src, a
//     stylesheet, a comment, the text, inside another site's address) the letter would hand the live link
//     to another site the moment it is opened, or to whoever reads the letter's source;
//   - no variable stands in an unquoted attribute value or inside a tag outside attribute values (rendering
//     escapes such values strictly anyway, render.ts);
//   - a system template keeps its secret: auth.password_recovery without {{resetUrl}} would be useless;
//   - only an administrator changes, switches off, creates or deletes an account template (auth.*): those
//     carry the keys to accounts, the content role edits the others.
// The `variables` column is derived here for the admin's list.
import { badRequest, forbidden } from '../../platform/http/errors';
import { isAccountTemplate, requiredVariables, secretVariables, variablesFor, type Channel } from './catalog';
import { templateVariables, variableUses, type VariableContext } from './render';
import type { Actor, BeforeSave, EntityHooks } from '../../platform/crud/types';

const LABELS: Record<string, string> = { subject: 'Тема письма', body: 'Текст' };

/**
 * For each text (by field name) that uses variables a text of this channel and code may not use, a Russian
 * message naming them and the ones that are available. Empty when every variable is known.
 */
function unknownVariableErrors(
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

/** Where a variable stands, in words, for the messages below. */
function placeOf(c: VariableContext): string {
  switch (c.kind) {
    case 'text':
      return 'в тексте';
    case 'raw':
      return `внутри <${c.tag}>`;
    case 'comment':
      return 'в комментарии';
    case 'tag':
      return `внутри тега <${c.tag}>`;
    case 'attribute':
      if (c.endTag) return `в закрывающем теге </${c.tag}>`;
      if (c.tag === 'a' && c.name === 'href') {
        if (!c.whole) return 'в адресе ссылки вместе с другим текстом';
        if (!c.quoted) return 'в адресе ссылки без кавычек';
        return 'в ссылке с атрибутом ping или вторым href';
      }
      return `в атрибуте ${c.name} тега <${c.tag}>`;
  }
}

/** A link the mail client opens only when the reader clicks it, and tells no one else about. */
const isOwnLink = (c: VariableContext) =>
  c.kind === 'attribute' &&
  !c.endTag &&
  c.tag === 'a' &&
  c.name === 'href' &&
  c.quoted &&
  c.whole &&
  !c.attributes.includes('ping') &&
  c.attributes.filter((a) => a === 'href').length === 1;

/** The first problem of where the variables of an e-mail body stand, or null. */
function placementError(body: string, secrets: ReadonlySet<string>): string | null {
  for (const use of variableUses(body)) {
    const name = `{{${use.name}}}`;
    const c = use.context;
    if (secrets.has(use.name)) {
      if (!isOwnLink(c))
        return (
          `Ссылка ${name} стоит ${placeOf(c)}: её можно ставить только как адрес ссылки, целиком и в ` +
          `кавычках: <a href="${name}">…</a>. Так она ведёт только на сайт магазина`
        );
    } else if (c.kind === 'attribute' && !c.quoted) {
      return `Переменная ${name} стоит в значении атрибута ${c.name} без кавычек: напишите ${c.name}="${name}"`;
    } else if (c.kind === 'tag') {
      return `Переменную ${name} нельзя ставить ${placeOf(c)} вне значения атрибута`;
    }
  }
  return null;
}

/**
 * Every rule of template texts (see the top of this file), per field, in Russian: unknown variables first,
 * then where the variables stand (e-mail), then, with `system`, the variables a system template of this
 * code must keep. Empty when the texts are fine.
 */
export function templateErrors(
  channel: Channel,
  code: string,
  texts: Record<string, string | null | undefined>,
  opts: { system?: boolean } = {},
): Record<string, string> {
  const errors = unknownVariableErrors(channel, code, texts);
  const secrets = new Set(secretVariables(channel, code));
  if (channel === 'email') {
    for (const [field, text] of Object.entries(texts)) {
      if (errors[field] || !text) continue;
      if (field === 'subject') {
        // A subject is plain text, shown in every list of letters.
        const secret = templateVariables(text).find((n) => secrets.has(n));
        if (secret)
          errors[field] =
            `Ссылку {{${secret}}} нельзя ставить в тему: только как адрес ссылки в тексте письма, ` +
            `<a href="{{${secret}}}">…</a>`;
      } else {
        const problem = placementError(text, secrets);
        if (problem) errors[field] = problem;
      }
    }
  }
  if (opts.system && !errors.body) {
    const used = new Set(templateVariables(texts.body));
    const missing = requiredVariables(channel, code).filter((n) => !used.has(n));
    if (missing.length) {
      const label = variablesFor(channel, code).find((x) => x.name === missing[0])!.label;
      errors.body =
        `Шаблон «${code}» должен содержать {{${missing[0]}}} (${label.toLowerCase()}): ` +
        'без неё сообщение не выполнит своего назначения';
    }
  }
  return errors;
}

/** Who writes: the actor of a hook's context. */
function assertMayTouch(
  channel: Channel,
  codes: unknown[],
  { actor }: { actor: Actor | null },
  deleting = false,
) {
  // Scripts and the seed (no actor) and administrators may; the check is on the role of whoever writes.
  if (!actor || actor.role === 'admin' || actor.role == null) return;
  if (!codes.some(isAccountTemplate)) return;
  const what = channel === 'email' ? 'Шаблоны писем' : 'Шаблоны SMS';
  const message =
    `${what} учётной записи (с кодом auth.*: регистрация, восстановление пароля) ` +
    `${deleting ? 'удалять' : 'изменять и создавать'} может только администратор`;
  throw Object.assign(forbidden(message), { fields: { code: message } });
}

/** The texts a template's variables come from: the subject and body of a letter, the body of an SMS. */
type TemplateTexts = { code?: string; subject?: string | null; body?: string | null };

function checkTemplate<Input extends TemplateTexts, Stored extends TemplateTexts>(
  channel: Channel,
  fields: readonly ('subject' | 'body')[],
): BeforeSave<Input, Stored> {
  return (data, ctx) => {
    const { existing } = ctx;
    const merged: TemplateTexts = { ...existing, ...data };
    const code = merged.code ?? '';
    assertMayTouch(channel, [existing?.code, code], ctx);
    const texts = Object.fromEntries(fields.map((f) => [f, merged[f] ?? null]));
    const errors = templateErrors(channel, code, texts, { system: true });
    if (Object.keys(errors).length) {
      const first = Object.keys(errors)[0]!;
      throw badRequest(`${LABELS[first] ?? first}: ${errors[first]}`, errors);
    }
    return { ...data, variables: templateVariables(...fields.map((f) => merged[f] ?? null)) };
  };
}

export const beforeSaveMail: EntityHooks<'mail-templates'>['beforeSave'] = checkTemplate('email', [
  'subject',
  'body',
]);
export const beforeSaveSms: EntityHooks<'sms-templates'>['beforeSave'] = checkTemplate('sms', ['body']);

export const beforeDeleteMail: EntityHooks<'mail-templates'>['beforeDelete'] = (record, ctx) =>
  assertMayTouch('email', [record.code], ctx, true);
export const beforeDeleteSms: EntityHooks<'sms-templates'>['beforeDelete'] = (record, ctx) =>
  assertMayTouch('sms', [record.code], ctx, true);
