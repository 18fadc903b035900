// A customer's bonus balance and the manager's manual accrual or debit with a reason:
// GET /api/admin/bonuses/balance/:userId, POST /api/admin/bonuses/adjust. A debit above the balance is
// refused in Russian; the balance check and the insert share one transaction holding the customer's row.
import type { FastifyInstance } from 'fastify';
import type { AdminBonusAdjustRequest } from '@shop/schemas';
import { bonusTransactions } from '../../../generated/tables';
import { requireAccess } from '../../platform/auth/guard';
import { userContext } from '../../platform/crud/context';
import { recordCreated } from '../../platform/crud/service';
import type { Db } from '../../platform/db';
import { assertCovered, balanceOf } from './bonus-ledger';
import { api, envelope, pathParams, recordId } from '../../platform/http/route-schemas';
import { resourceOf } from '../../platform/crud/resource-access';
import type { CrudContext, Registry } from '../../platform/crud/types';

/** As its schema (admin-bonus-adjust-request) left it: every field checked, the reason trimmed. */
export type AdjustRequest = AdminBonusAdjustRequest;

/** `ctx` is the caller's on bonuses: the entry names them as its author and gets its history row. */
export async function adjustBonuses(ctx: CrudContext, req: AdjustRequest) {
  const amount = req.direction === 'debit' ? -req.points : req.points;
  return ctx.db.transaction(async (tx) => {
    const balance = await assertCovered(tx, req.userId, amount);
    const [entry] = await tx
      .insert(bonusTransactions)
      .values({
        userId: req.userId,
        amount,
        kind: 'manual',
        reason: req.reason,
        createdById: ctx.actor?.id ?? null,
      })
      .returning();
    await recordCreated({ ...ctx, db: tx }, [entry!.id]);
    return { entry: entry!, balance };
  });
}

export function bonusRoutes(db: Db, registry: Registry) {
  const def = resourceOf(registry, 'bonuses');
  // Beside the resource's own CRUD routes in /api/docs.
  const TAGS = [def.label.many];
  return async function plugin(app: FastifyInstance) {
    // The role is checked before the input: a guest learns nothing about what a request should hold.
    app.get(
      '/bonuses/balance/:userId',
      {
        preValidation: requireAccess(def, 'list'),
        schema: {
          tags: TAGS,
          summary: 'Бонусный баланс покупателя',
          params: pathParams({ userId: recordId('Покупатель', 'Неверный номер покупателя') }),
          response: {
            200: envelope({
              type: 'object',
              additionalProperties: false,
              required: ['userId', 'balance'],
              properties: { userId: { type: 'integer' }, balance: { type: 'integer' } },
            }),
          },
        },
      },
      async (request) => {
        const { userId } = request.params as { userId: number };
        const balance = await balanceOf(db, userId, { lock: false });
        return { data: { userId, balance } };
      },
    );
    app.post(
      '/bonuses/adjust',
      {
        preValidation: requireAccess(def, 'service'),
        schema: {
          tags: TAGS,
          summary: 'Ручное начисление или списание баллов с основанием (списание — не больше баланса)',
          body: api('admin-bonus-adjust-request'),
          response: { 201: envelope(api('admin-bonus-entry')) },
        },
      },
      async (request, reply) => {
        const { entry, balance } = await adjustBonuses(
          userContext(db, registry, def, request.user!),
          request.body as AdjustRequest,
        );
        return reply.status(201).send({ data: { entry, balance } });
      },
    );
  };
}
