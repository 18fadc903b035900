// The one way the shop sends an e-mail or an SMS: a row in outbox_messages, written in the caller's
// transaction (so a message exists exactly when the change that caused it is committed) and delivered later
// by the outbox worker (worker.ts) with retries. Nothing calls SMTP or an SMS gateway directly.
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { EventEmitter } from 'node:events';
import { selectRows, type DbOrTx } from '../../platform/db';
import { mailTemplates, outboxMessages, smsTemplates } from '../../../generated/tables';
import { shopValues } from '../settings';
import { renderTemplate, type TemplateValues } from './render';

/** The worker listens here so that a queued message goes out at once, not at the next poll. */
export const outboxEvents = new EventEmitter();
/** Tells the worker that rows were queued (also by a write of the caller's own: platform/db/together.ts). */
export const wakeOutbox = () => outboxEvents.emit('queued');

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
  wakeOutbox();
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
  wakeOutbox();
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

/** A templated message and the channel it goes by. */
export type ChannelMessage = TemplatedMessage & { channel: 'email' | 'sms' };

/** Which template a message is written with. */
export type TemplateKey = Pick<ChannelMessage, 'channel' | 'code'>;

/** An active template of a channel and code, as `activeTemplates` reads it. */
export interface ActiveTemplate {
  channel: 'email' | 'sms';
  code: string;
  subject: string | null;
  body: string;
}

const templateKey = (t: TemplateKey) => `${t.channel}:${t.code}`;

/**
 * The active templates of these channels and codes, in one statement whatever their number: read before the
 * transaction that writes the messages (placing an order), so that it holds its locks for fewer round trips.
 */
export async function activeTemplates(
  db: DbOrTx,
  keys: readonly TemplateKey[],
): Promise<Map<string, ActiveTemplate>> {
  const codes = (channel: TemplateKey['channel']) => [
    ...new Set(keys.filter((k) => k.channel === channel).map((k) => k.code)),
  ];
  const listed = (list: string[]) =>
    list.length
      ? sql.join(
          list.map((c) => sql`${c}`),
          sql`, `,
        )
      : sql`NULL`;
  const templates = await selectRows<ActiveTemplate>(
    db,
    sql`SELECT 'email' AS channel, code, subject, body FROM ${mailTemplates}
          WHERE active AND code IN (${listed(codes('email'))})
        UNION ALL
        SELECT 'sms', code, NULL, body FROM ${smsTemplates}
          WHERE active AND code IN (${listed(codes('sms'))})`,
  );
  return new Map(templates.map((t) => [templateKey(t), t]));
}

/**
 * Several templated messages of one event (a new order's letters) as one outbox insert, not yet run: the
 * caller writes it with its own rows in one statement (platform/db/together.ts), then calls wakeOutbox. A
 * message whose template is not among `templates` (switched off) is not queued, as with enqueueTemplatedEmail
 * and enqueueTemplatedSms; null when none is.
 */
export async function templatedBatchWrite(
  db: DbOrTx,
  messages: ChannelMessage[],
  templates: Map<string, ActiveTemplate>,
): Promise<SQL | null> {
  const rows: (typeof outboxMessages.$inferInsert)[] = [];
  for (const m of messages) {
    const t = templates.get(templateKey(m));
    if (!t) continue;
    const values = await valuesOf(db, m);
    rows.push({
      channel: m.channel,
      recipient: m.to.trim(),
      subject: m.channel === 'email' ? renderTemplate(t.subject ?? '', values) : null,
      body:
        m.channel === 'email'
          ? renderTemplate(t.body, values, { html: true, rawHtml: m.rawHtml })
          : renderTemplate(t.body, values),
      templateCode: t.code,
      userId: m.userId ?? null,
      mailingId: m.mailingId ?? null,
      status: 'queued',
      nextAttemptAt: new Date(),
    });
  }
  // Its SQL, not the query builder: a builder is a promise-like, which an async function would run.
  return rows.length ? db.insert(outboxMessages).values(rows).getSQL() : null;
}
