// unsend-emails / unsend-sms: a failed message, or one held because no gateway was configured, is queued
// again (attempts from zero, due now; its last error stays until the next try replaces it). A message that
// was sent is never sent twice, and one already queued or being sent is left alone: both answer 409.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AdminOutboxResendRequest } from '@shop/schemas';
import { outboxMessages } from '../../../generated/tables';
import type { Db } from '../../platform/db';
import { conflict, notFound } from '../../platform/http/errors';
import { api, envelope, pathParams, recordId } from '../../platform/http/route-schemas';
import { outboxEvents } from './outbox';
import { checkedFirst, type MessagesAccess } from './access';
import { TAGS } from './audience';

const RESENDABLE = ['failed', 'held'];

const queuedAgain = {
  status: 'queued',
  attempts: 0,
  nextAttemptAt: sql`now()`,
  lockedUntil: null,
  updatedAt: sql`now()`,
} as const;

async function resendOne(db: Db, id: number): Promise<number> {
  const updated = await db
    .update(outboxMessages)
    .set(queuedAgain)
    .where(and(eq(outboxMessages.id, id), inArray(outboxMessages.status, RESENDABLE)))
    .returning({ id: outboxMessages.id });
  if (updated.length) return updated.length;
  const [row] = await db
    .select({ status: outboxMessages.status })
    .from(outboxMessages)
    .where(eq(outboxMessages.id, id))
    .limit(1);
  if (!row) throw notFound('Сообщение не найдено');
  if (row.status === 'sent') throw conflict('Сообщение уже отправлено: повторно оно не отправляется');
  throw conflict('Сообщение уже в очереди на отправку');
}

async function resendChannel(db: Db, channel: 'email' | 'sms'): Promise<number> {
  const updated = await db
    .update(outboxMessages)
    .set(queuedAgain)
    .where(and(eq(outboxMessages.channel, channel), inArray(outboxMessages.status, RESENDABLE)))
    .returning({ id: outboxMessages.id });
  return updated.length;
}

const MESSAGE_ID = pathParams({ id: recordId('Сообщение', 'Неверный номер сообщения') });
const QUEUED = envelope({
  type: 'object',
  additionalProperties: false,
  required: ['count'],
  properties: { count: { type: 'integer', description: 'Сколько сообщений снова в очереди' } },
});

export function resendRoutes(db: Db, access: MessagesAccess) {
  return async function plugin(app: FastifyInstance) {
    const preValidation = checkedFirst(access.resend);
    app.post(
      '/messages/outbox/:id/resend',
      {
        preValidation,
        schema: {
          tags: TAGS,
          summary: 'Отправить снова одно неотправленное или задержанное сообщение',
          params: MESSAGE_ID,
          response: { 200: QUEUED },
        },
      },
      async (request) => {
        const count = await resendOne(db, (request.params as { id: number }).id);
        outboxEvents.emit('queued');
        return { data: { count } };
      },
    );
    app.post(
      '/messages/outbox/resend',
      {
        preValidation,
        schema: {
          tags: TAGS,
          summary: 'Отправить снова все неотправленные и задержанные сообщения канала',
          body: api('admin-outbox-resend-request'),
          response: { 200: QUEUED },
        },
      },
      async (request) => {
        const count = await resendChannel(db, (request.body as AdminOutboxResendRequest).channel);
        if (count) outboxEvents.emit('queued');
        return { data: { count } };
      },
    );
  };
}
