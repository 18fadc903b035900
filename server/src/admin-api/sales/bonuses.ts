// A customer's bonus balance and the manager's manual accrual or debit with a reason:
// GET /api/admin/bonuses/balance/:userId, POST /api/admin/bonuses/adjust. A debit above the balance is
// refused in Russian; the balance check and the insert share one transaction holding the customer's row.
import type { FastifyInstance } from 'fastify';
import { bonusTransactions } from '../../../generated/tables';
import { actorOf, recordHistory } from '../../crud/history';
import type { Registry } from '../../crud/service';
import type { Db } from '../../db';
import { assertCovered, balanceOf } from '../../hooks/bonuses';
import { badRequest } from '../../http/errors';
import { positiveId, requireRole, resourceOf } from './access';

export const ADJUST_MAX = 1_000_000;

export interface AdjustRequest {
  userId: number;
  direction: 'accrual' | 'debit';
  points: number;
  reason: string;
}

export function parseAdjustRequest(body: unknown): AdjustRequest {
  const b = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const errors: Record<string, string> = {};
  const userId = Number(b.userId);
  if (!Number.isSafeInteger(userId) || userId <= 0) errors.userId = 'Выберите покупателя';
  if (b.direction !== 'accrual' && b.direction !== 'debit')
    errors.direction = 'Выберите: начислить или списать';
  const points = b.points;
  if (typeof points !== 'number' || !Number.isSafeInteger(points) || points < 1 || points > ADJUST_MAX)
    errors.points = 'Количество баллов — целое число от 1 до 1 000 000';
  const reason = typeof b.reason === 'string' ? b.reason.trim() : '';
  if (!reason) errors.reason = 'Укажите основание';
  else if (reason.length > 500) errors.reason = 'Основание — не длиннее 500 символов';
  const first = Object.values(errors)[0];
  if (first) throw badRequest(first, errors);
  return { userId, direction: b.direction as AdjustRequest['direction'], points: points as number, reason };
}

export async function adjustBonuses(db: Db, req: AdjustRequest, by: { id: number; name: string }) {
  const amount = req.direction === 'debit' ? -req.points : req.points;
  return db.transaction(async (tx) => {
    const balance = await assertCovered(tx, req.userId, amount);
    const [entry] = await tx
      .insert(bonusTransactions)
      .values({ userId: req.userId, amount, kind: 'manual', reason: req.reason, createdById: by.id })
      .returning();
    await recordHistory(tx, {
      resource: 'bonuses',
      recordId: entry!.id,
      action: 'create',
      actor: actorOf(by),
      changes: {
        userId: { to: req.userId },
        amount: { to: amount },
        kind: { to: 'manual' },
        reason: { to: req.reason },
      },
    });
    return { entry: entry!, balance };
  });
}

export function bonusRoutes(db: Db, registry: Registry) {
  const def = resourceOf(registry, 'bonuses');
  return async function plugin(app: FastifyInstance) {
    app.get('/bonuses/balance/:userId', async (request) => {
      requireRole(def, request, 'list');
      const userId = positiveId((request.params as { userId: string }).userId, 'Неверный номер покупателя');
      const balance = await balanceOf(db, userId, { lock: false });
      return { data: { userId, balance } };
    });
    app.post('/bonuses/adjust', async (request, reply) => {
      const user = requireRole(def, request, 'create');
      const req = parseAdjustRequest(request.body);
      const { entry, balance } = await adjustBonuses(db, req, user);
      return reply.status(201).send({ data: { entry, balance } });
    });
  };
}
