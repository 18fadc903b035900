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
import { serve } from '../../platform/http/contract';
import { adjustBonuses as adjustContract, bonusBalance } from '@shop/schemas/contracts/sales/admin-bonuses';
import { resourceOf } from '../../platform/crud/resource-access';
import type { CrudContext, Registry } from '../../platform/crud/types';

/**
 * `ctx` is the caller's on bonuses: the entry names them as its author and gets its history row. `req` as
 * its schema (admin-bonus-adjust-request) left it: every field checked, the reason trimmed.
 */
export async function adjustBonuses(ctx: CrudContext, req: AdminBonusAdjustRequest) {
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
  return async function plugin(app: FastifyInstance) {
    // The role is checked before the input: a guest learns nothing about what a request should hold.
    serve(
      app,
      bonusBalance,
      async (request) => {
        const { userId } = request.params;
        const balance = await balanceOf(db, userId, { lock: false });
        return { data: { userId, balance } };
      },
      { preValidation: requireAccess(def, 'list') },
    );
    serve(
      app,
      adjustContract,
      async (request, reply) => {
        const { entry, balance } = await adjustBonuses(
          userContext(db, registry, def, request.user!),
          request.body,
        );
        return reply.status(201).send({ data: { entry, balance } });
      },
      { preValidation: requireAccess(def, 'service') },
    );
  };
}
