// The manager's comment on an order: orders are history (x-entity.history), so the generic CRUD never
// edits them; this is the one way the comment changes, with the same stale check as a form's save and a
// line in the order's change history.
import { eq } from 'drizzle-orm';
import { orders } from '../../../generated/tables';
import { changeRecords } from '../../platform/crud/service';
import type { CrudContext } from '../../platform/crud/types';
import { conflict, notFound } from '../../platform/http/errors';

export interface ManagerCommentInput {
  /** The text; empty or only spaces clears it. */
  managerComment: string | null;
  /** The order's updatedAt as the screen read it (ISO); omitted: no stale check. */
  updatedAt?: string;
}

/** `ctx` is the caller's on orders. Answers the order's new updatedAt. */
export async function setManagerComment(ctx: CrudContext, orderId: number, input: ManagerCommentInput) {
  const text = input.managerComment?.trim() || null;
  return ctx.db.transaction(async (tx) => {
    const [order] = await tx
      .select({ updatedAt: orders.updatedAt })
      .from(orders)
      .where(eq(orders.id, orderId))
      .for('update');
    if (!order) throw notFound(`Заказ №${orderId} не найден`);
    if (input.updatedAt !== undefined && new Date(input.updatedAt).getTime() !== order.updatedAt.getTime())
      throw conflict(
        'Заказ изменился, пока был открыт экран (его изменил другой сотрудник или покупатель). Обновите ' +
          'страницу и сохраните комментарий заново',
      );
    const updatedAt = new Date();
    await changeRecords({ ...ctx, db: tx }, [orderId], () =>
      tx.update(orders).set({ managerComment: text, updatedAt }).where(eq(orders.id, orderId)),
    );
    return { managerComment: text, updatedAt: updatedAt.toISOString() };
  });
}
