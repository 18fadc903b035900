// The one way the shop sends an e-mail or an SMS: a row in outbox_messages, written in the caller's
// transaction (so a message exists exactly when the change that caused it is committed) and delivered later
// by the outbox worker (worker.ts) with retries. Nothing calls SMTP or an SMS gateway directly.
import { and, eq } from 'drizzle-orm';
import { EventEmitter } from 'node:events';
import type { DbOrTx } from '../../platform/db';
import { mailTemplates, outboxMessages, smsTemplates } from '../../../generated/tables';
import { shopValues } from '../settings';
import { renderTemplate, type TemplateValues } from './render';

/** The worker listens here so that a queued message goes out at once, not at the next poll. */
export const outboxEvents = new EventEmitter();
const wake = () => outboxEvents.emit('queued');

export interface EmailMessage {
  to: string;
  subject: string;
  /** HTML body. */
  html: string;
  templateCode?: string | null;
  userId?: number | null;
  mailingId?: number | null;
}

export interface SmsMessage {
  /** A phone number in any common Russian notation; the gateway adapter normalises it. */
  to: string;
  text: string;
  templateCode?: string | null;
  userId?: number | null;
  mailingId?: number | null;
}

export async function enqueueEmail(db: DbOrTx, msg: EmailMessage): Promise<number> {
  const [row] = await db
    .insert(outboxMessages)
    .values({
      channel: 'email',
      recipient: msg.to.trim(),
      subject: msg.subject,
      body: msg.html,
      templateCode: msg.templateCode ?? null,
      userId: msg.userId ?? null,
      mailingId: msg.mailingId ?? null,
      status: 'queued',
      nextAttemptAt: new Date(),
    })
    .returning({ id: outboxMessages.id });
  wake();
  return row!.id;
}

export async function enqueueSms(db: DbOrTx, msg: SmsMessage): Promise<number> {
  const [row] = await db
    .insert(outboxMessages)
    .values({
      channel: 'sms',
      recipient: msg.to.trim(),
      body: msg.text,
      templateCode: msg.templateCode ?? null,
      userId: msg.userId ?? null,
      mailingId: msg.mailingId ?? null,
      status: 'queued',
      nextAttemptAt: new Date(),
    })
    .returning({ id: outboxMessages.id });
  wake();
  return row!.id;
}

export interface TemplatedMessage {
  /** The template's code, e.g. 'auth.password_recovery'. */
  code: string;
  to: string;
  /** The site's origin: {{siteUrl}}, next to {{shopName}} and {{supportPhone}} from the settings. */
  site: string;
  /** The code's own variables (they win over the common ones of the same name). */
  values: TemplateValues;
  /** The common variables when the caller has them already (several messages of one event); else read. */
  common?: TemplateValues;
  /** Variables whose values are ready HTML (e-mail only). */
  rawHtml?: readonly string[];
  userId?: number | null;
  mailingId?: number | null;
}

/** The common variables every template may use (COMMON_VARIABLES), then the message's own. */
async function valuesOf(db: DbOrTx, m: TemplatedMessage): Promise<TemplateValues> {
  return { ...(m.common ?? (await shopValues(db, m.site))), ...m.values };
}

/**
 * Queues an e-mail from the mail template with this code. Returns the outbox id, or null when there is no
 * active template of that code (an administrator switched it off: then nothing is sent, by design).
 */
export async function enqueueTemplatedEmail(db: DbOrTx, m: TemplatedMessage): Promise<number | null> {
  const [t] = await db
    .select()
    .from(mailTemplates)
    .where(and(eq(mailTemplates.code, m.code), eq(mailTemplates.active, true)))
    .limit(1);
  if (!t) return null;
  const values = await valuesOf(db, m);
  return enqueueEmail(db, {
    to: m.to,
    subject: renderTemplate(t.subject, values),
    html: renderTemplate(t.body, values, { html: true, rawHtml: m.rawHtml }),
    templateCode: t.code,
    userId: m.userId,
    mailingId: m.mailingId,
  });
}

/** Queues an SMS from the SMS template with this code; null when there is no active template. */
export async function enqueueTemplatedSms(db: DbOrTx, m: TemplatedMessage): Promise<number | null> {
  const [t] = await db
    .select()
    .from(smsTemplates)
    .where(and(eq(smsTemplates.code, m.code), eq(smsTemplates.active, true)))
    .limit(1);
  if (!t) return null;
  return enqueueSms(db, {
    to: m.to,
    text: renderTemplate(t.body, await valuesOf(db, m)),
    templateCode: t.code,
    userId: m.userId,
    mailingId: m.mailingId,
  });
}
