// The bonus ledger never goes below zero for a customer. Every write locks the customer's row first
// (SELECT … FOR UPDATE), so two debits at the same moment are checked one after the other, never both
// against the same old balance. The ledger is history (x-entity.history): the generic CRUD never writes
// it; the admin's accrue/debit endpoint (sales/bonus-routes.ts) comes through here.
import { sql } from 'drizzle-orm';
import { plural } from '@shop/schemas';
import { selectRows, type Db, type DbOrTx } from '../../platform/db';
import { badRequest, notFound } from '../../platform/http/errors';

/**
 * Locks the customer's row until the transaction ends: what spends their points is checked one at a time.
 */
export async function lockCustomer(tx: DbOrTx, userId: number): Promise<void> {
  const user = await selectRows<{ id: number }>(
    tx,
    sql`SELECT id FROM users WHERE id = ${userId} FOR UPDATE`,
  );
  if (!user[0]) throw notFound(`Покупатель №${userId} не найден`);
}

/**
 * The customer's balance in points; with `lock` (inside a transaction) the customer's row stays locked
 * until it ends, so that a write checked against this balance cannot race another one.
 */
export async function balanceOf(tx: DbOrTx, userId: number, { lock }: { lock: boolean }): Promise<number> {
  const user = await selectRows<{ id: number }>(
    tx,
    lock
      ? sql`SELECT id FROM users WHERE id = ${userId} FOR UPDATE`
      : sql`SELECT id FROM users WHERE id = ${userId}`,
  );
  if (!user[0]) throw notFound(`Покупатель №${userId} не найден`);
  const rows = await selectRows<{ balance: number | string | null }>(
    tx,
    sql`SELECT coalesce(sum(amount), 0) AS balance FROM bonus_transactions WHERE user_id = ${userId}`,
  );
  return Number(rows[0]?.balance ?? 0);
}

/**
 * The points a customer can spend now: the balance less the points of accruals past their expiry that
 * nothing has used up yet. Spendings (and the worker's expiry rows) use up the oldest accruals first, so
 * the expired part still unused is what expired minus everything taken off the account so far.
 */
export async function spendableOf(tx: DbOrTx, userId: number, now = new Date()): Promise<number> {
  const [row] = await selectRows<{
    balance: number | string;
    expired: number | string;
    used: number | string;
  }>(
    tx,
    sql`SELECT coalesce(sum(amount), 0) AS balance,
          coalesce(sum(amount) FILTER (WHERE amount > 0 AND expires_at IS NOT NULL AND expires_at < ${now}), 0) AS expired,
          coalesce(-sum(amount) FILTER (WHERE amount < 0), 0) AS used
        FROM bonus_transactions WHERE user_id = ${userId}`,
  );
  const balance = Number(row?.balance ?? 0);
  const expiredUnused = Math.max(0, Number(row?.expired ?? 0) - Number(row?.used ?? 0));
  return Math.max(0, balance - expiredUnused);
}

export function overdraftMessage(balance: number, debit: number): string {
  return `Нельзя списать ${debit} ${plural(debit, ['балл', 'балла', 'баллов'])}: на счёте покупателя только ${balance}`;
}

/** Refuses a change that would leave the customer with a negative balance. */
export async function assertCovered(tx: DbOrTx, userId: number, change: number): Promise<number> {
  const balance = await balanceOf(tx, userId, { lock: true });
  if (balance + change < 0)
    throw badRequest(overdraftMessage(balance, -change), { amount: overdraftMessage(balance, -change) });
  return balance + change;
}

/**
 * The worker's expiry rows: for every customer with points past their expiry that nothing has used up, one
 * `expiry` row takes them off the balance (spendableOf stops counting them the moment they expire; this
 * makes the ledger say so). Each customer's row is locked first, like every other write of the ledger, so a
 * spending at the same moment is counted either before or after, never against the same balance. Returns the
 * customers whose points expired.
 */
export async function expireBonuses(db: Db, now = new Date()): Promise<number> {
  const due = await selectRows<{ userId: number }>(
    db,
    sql`SELECT user_id AS "userId" FROM bonus_transactions
        GROUP BY user_id
        HAVING coalesce(sum(amount) FILTER (WHERE amount > 0 AND expires_at IS NOT NULL AND expires_at < ${now}), 0)
             > coalesce(-sum(amount) FILTER (WHERE amount < 0), 0)`,
  );
  let expired = 0;
  for (const { userId } of due)
    await db.transaction(async (tx) => {
      const balance = await balanceOf(tx, userId, { lock: true });
      const gone = Math.min(balance - (await spendableOf(tx, userId, now)), balance);
      if (gone <= 0) return;
      await tx.execute(
        sql`INSERT INTO bonus_transactions (user_id, amount, kind, reason, created_at)
            VALUES (${userId}, ${-gone}, 'expiry', 'Баллы сгорели: истёк срок их действия', ${now})`,
      );
      expired++;
    });
  return expired;
}
