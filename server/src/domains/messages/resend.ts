// unsend-emails / unsend-sms: a failed message, or one held because no gateway was configured, is queued
// again (attempts from zero, due now; its last error stays until the next try replaces it). A message that
// was sent is never sent twice, and one already queued or being sent is left alone: both answer 409.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { outboxMessages } from '../../../generated/tables';
import type { Db } from '../../platform/db';
import { conflict, notFound } from '../../platform/http/errors';
import { serve } from '../../platform/http/contract';
import { resendChannel as channelContract, resendMessage } from '@shop/schemas/contracts/messages';
import { outboxEvents } from './outbox';
import { checkedFirst, type MessagesAccess } from './access';

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

export function resendRoutes(db: Db, access: MessagesAccess) {
  return async function plugin(app: FastifyInstance) {
    const options = { preValidation: checkedFirst(access.resend) };
    serve(
      app,
      resendMessage,
      async (request) => {
        const count = await resendOne(db, request.params.id);
        outboxEvents.emit('queued');
        return { data: { count } };
      },
      options,
    );
    serve(
      app,
      channelContract,
      async (request) => {
        const count = await resendChannel(db, request.body.channel);
        if (count) outboxEvents.emit('queued');
        return { data: { count } };
      },
      options,
    );
  };
}
