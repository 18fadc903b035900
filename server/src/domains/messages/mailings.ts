// POST /api/admin/messages/mailings: a send from send-emails or send-sms becomes a `mailings` row and one
// outbox row per recipient, all in one transaction, inserted in chunks (10 000 recipients are a few
// statements, not 10 000 round trips); the outbox worker delivers them. GET …/mailings/:id/progress counts
// them by state for the progress bar.
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AdminMailingProgress, AdminMailingRequest } from '@shop/schemas';
import { mailings, mailTemplates, outboxMessages, smsTemplates } from '../../../generated/tables';
import { userContext } from '../../platform/crud/context';
import { recordCreated } from '../../platform/crud/service';
import { selectRows, type Db, type Tx } from '../../platform/db';
import { templateErrors } from './template-hooks';
import { badRequest, notFound } from '../../platform/http/errors';
import { serve } from '../../platform/http/contract';
import { mailingProgress as progressContract, sendMailing } from '@shop/schemas/contracts/messages';
import { outboxEvents } from './outbox';
import { renderTemplate, templateVariables, type TemplateValues } from './render';
import { unsubscribeUrls } from './newsletter';
import { shopValues, siteOrigin } from '../settings';
import { resourceOf } from '../../platform/crud/resource-access';
import { checkedFirst, type MessagesAccess } from './access';
import {
  assertChoice,
  ensureUnsubscribeTokens,
  selectRecipients,
  type AudienceChoice,
  type Recipient,
} from './audience';
import type { CrudContext, Registry } from '../../platform/crud/types';

const INSERT_CHUNK = 500;

/** The refusals of the content rules name the field as the request schema's labels do. */
const LABELS = {
  channel: 'Канал',
  audience: 'Получатели',
  userId: 'Покупатель',
  groupId: 'Группа',
  templateCode: 'Шаблон',
  title: 'Название рассылки',
  subject: 'Тема письма',
  body: 'Текст',
};

/** What a newsletter to subscribers gets when its text has no unsubscribe link of its own. */
const UNSUBSCRIBE_FOOTER =
  '<hr><p style="font-size:12px;color:#666">Вы получили это письмо, потому что подписались на новости ' +
  '{{shopName}}. Чтобы больше не получать рассылку, <a href="{{unsubscribeUrl}}">отпишитесь</a>.</p>';

interface Content {
  title: string;
  subject: string | null;
  body: string;
  templateCode: string | null;
}

function refuse(field: string, message: string): never {
  throw badRequest(message, { [field]: message });
}

/** The text to send: an active template of the channel, or the free text; every rule in Russian. */
async function contentOf(db: Db | Tx, req: AdminMailingRequest): Promise<Content> {
  const code = req.templateCode?.trim() || null;
  const freeText = !!req.body?.trim() || !!req.subject?.trim();
  let content: Content;
  if (code) {
    if (freeText)
      refuse('templateCode', 'Выберите шаблон или напишите текст: одновременно и то и другое нельзя');
    const table = req.channel === 'email' ? mailTemplates : smsTemplates;
    const [t] = await db
      .select()
      .from(table)
      .where(and(eq(table.code, code), eq(table.active, true)))
      .limit(1);
    if (!t) refuse('templateCode', `Шаблон «${code}» не найден или выключен`);
    const subject = 'subject' in t ? t.subject : null;
    content = { title: t.title, subject, body: t.body, templateCode: t.code };
  } else {
    const body = req.body?.trim() ?? '';
    if (!body) refuse('body', 'Напишите текст сообщения');
    const subject = req.subject?.trim() ?? '';
    if (req.channel === 'email' && !subject) refuse('subject', 'Укажите тему письма');
    const title = req.channel === 'email' ? subject : body.replace(/\s+/g, ' ').slice(0, 60);
    content = { title, subject: req.channel === 'email' ? subject : null, body, templateCode: null };
  }
  // A mailing fills in only the common variables (and the unsubscribe link of e-mails): a template made
  // for an order would go out with empty gaps. Each reader's unsubscribe link stands only in a link.
  const errors = templateErrors(req.channel, '', { subject: content.subject, body: content.body });
  const first = Object.keys(errors)[0];
  if (first)
    throw badRequest(
      code
        ? `Шаблон «${code}» нельзя разослать: ${errors[first]}`
        : `${LABELS[first as keyof typeof LABELS]}: ${errors[first]}`,
      code ? { templateCode: errors[first]! } : errors,
    );
  const title = req.title?.trim() || content.title;
  return { ...content, title: title.slice(0, 255) };
}

function messageRow(
  req: AdminMailingRequest,
  content: Content,
  common: TemplateValues,
  siteUrl: string,
  mailingId: number,
  r: Recipient,
): typeof outboxMessages.$inferInsert {
  const values: TemplateValues = {
    ...common,
    customerName: r.name,
    unsubscribeUrl: r.token ? unsubscribeUrls(siteUrl, r.token).page : '',
  };
  const email = req.channel === 'email';
  return {
    channel: req.channel,
    recipient: r.to.trim(),
    subject: email ? renderTemplate(content.subject ?? '', values) : null,
    body: renderTemplate(content.body, values, { html: email }),
    templateCode: content.templateCode,
    userId: r.userId,
    mailingId,
    status: 'queued',
    nextAttemptAt: new Date(),
  };
}

/** `ctx` is the caller's on mailings: the mailing names them as its author and gets its history row. */
async function createMailing(
  ctx: CrudContext,
  req: AdminMailingRequest,
  siteUrl: string,
): Promise<{ id: number; total: number }> {
  const choice: AudienceChoice = req;
  assertChoice(choice);
  const result = await ctx.db.transaction(async (tx) => {
    const content = await contentOf(tx, req);
    if (req.channel === 'email') {
      await ensureUnsubscribeTokens(tx);
      if (req.audience === 'subscribers' && !templateVariables(content.body).includes('unsubscribeUrl'))
        content.body += UNSUBSCRIBE_FOOTER;
    }
    const recipients = await selectRecipients(tx, choice);
    if (!recipients.length)
      throw badRequest(
        req.channel === 'email'
          ? 'Некому отправить: у выбранных получателей нет e-mail'
          : 'Некому отправить: у выбранных получателей нет телефона',
      );
    const [mailing] = await tx
      .insert(mailings)
      .values({
        channel: req.channel,
        title: content.title,
        audience: req.audience,
        userId: req.audience === 'user' ? req.userId : null,
        groupId: req.audience === 'group' ? req.groupId : null,
        templateCode: content.templateCode,
        subject: content.subject,
        body: content.body,
        total: recipients.length,
        createdById: ctx.actor?.id ?? null,
      })
      .returning({ id: mailings.id });
    const id = mailing!.id;
    const common = await shopValues(tx, siteUrl);
    for (let i = 0; i < recipients.length; i += INSERT_CHUNK)
      await tx
        .insert(outboxMessages)
        .values(
          recipients.slice(i, i + INSERT_CHUNK).map((r) => messageRow(req, content, common, siteUrl, id, r)),
        );
    await recordCreated({ ...ctx, db: tx }, [id]);
    return { id, total: recipients.length };
  });
  outboxEvents.emit('queued');
  return result;
}

const STATES = ['queued', 'sending', 'sent', 'failed', 'held'] as const;

async function mailingProgress(db: Db, id: number): Promise<AdminMailingProgress> {
  const [mailing] = await db
    .select({ total: mailings.total })
    .from(mailings)
    .where(eq(mailings.id, id))
    .limit(1);
  if (!mailing) throw notFound('Рассылка не найдена');
  const rows = await selectRows<{ status: string; n: number }>(
    db,
    sql`SELECT status, count(*)::integer AS "n" FROM outbox_messages WHERE mailing_id = ${id} GROUP BY status`,
  );
  const progress: AdminMailingProgress = {
    total: mailing.total,
    queued: 0,
    sending: 0,
    sent: 0,
    failed: 0,
    held: 0,
  };
  for (const r of rows)
    if ((STATES as readonly string[]).includes(r.status))
      progress[r.status as (typeof STATES)[number]] = Number(r.n);
  return progress;
}

export function mailingRoutes(
  db: Db,
  registry: Registry,
  access: MessagesAccess,
  configuredSiteUrl: string | null,
) {
  const def = resourceOf(registry, 'mailings');
  return async function plugin(app: FastifyInstance) {
    serve(
      app,
      sendMailing,
      async (request, reply) => {
        const data = await createMailing(
          userContext(db, registry, def, request.user!),
          request.body,
          siteOrigin(configuredSiteUrl, request),
        );
        return reply.status(201).send({ data });
      },
      { preValidation: checkedFirst(access.send) },
    );
    serve(
      app,
      progressContract,
      async (request) => ({ data: await mailingProgress(db, request.params.id) }),
      {
        preValidation: checkedFirst(access.watch),
      },
    );
  };
}
