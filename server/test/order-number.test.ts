// Order numbers (sales/order-number.ts): the Moscow year and a running count from that year's sequence,
// never handed out twice, a deleted order's number included, and continuing after numbers already stored.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { orders } from '../generated/tables';
import { selectRows } from '../src/platform/db';
import { newOrderKeys } from '../src/domains/sales/order-number';
import { describeOnDatabases, itRaces, startTestApp, type TestApp } from './harness';

describeOnDatabases('order numbers on $name', (target) => {
  let t: TestApp;
  const year = Number(
    new Intl.DateTimeFormat('en', { timeZone: 'Europe/Moscow', year: 'numeric' }).format(new Date()),
  );
  /** An order row numbered as the placing service numbers it (sales/place-order.ts). */
  const place = () =>
    t.database.db.transaction(async (tx) => {
      const { id, number } = await newOrderKeys(tx);
      const [row] = await selectRows<{ id: number }>(
        tx,
        sql`INSERT INTO orders (id, number, customer_name, customer_phone)
            VALUES (${id}, ${number}, 'Анна', '+79991234567') RETURNING id`,
      );
      return { id: row!.id, number };
    });

  beforeAll(async () => {
    t = await startTestApp(target);
    // An order numbered before the sequences existed: the year's sequence starts after it.
    await t.database.db.execute(
      sql`INSERT INTO orders (number, customer_name, customer_phone) VALUES (${`${year}-000041`}, 'Старый', '+79990000000')`,
    );
  });
  afterAll(async () => {
    await t?.close();
  });

  it('continue after the numbers already stored, and never give a deleted order’s number again', async () => {
    const first = await place();
    expect(first.number).toBe(`${year}-000042`);
    const second = await place();
    expect(second.number).toBe(`${year}-000043`);
    // Orders are never deleted through the API (history); a row gone from the table all the same (a
    // restore, a hand-made fix) must not give its number again.
    await t.database.db.delete(orders).where(eq(orders.id, second.id));
    expect((await place()).number).toBe(`${year}-000044`);
  });

  itRaces(target, 'twenty orders at once get twenty different numbers', async () => {
    const placed = await Promise.all(Array.from({ length: 20 }, () => place()));
    expect(new Set(placed.map((o) => o.number)).size).toBe(20);
    const [{ n }] = (await selectRows<{ n: number }>(
      t.database.db,
      sql`SELECT count(DISTINCT number)::int AS n FROM orders`,
    )) as [{ n: number }];
    expect(n).toBe(
      await selectRows<{ c: number }>(t.database.db, sql`SELECT count(*)::int AS c FROM orders`).then(
        (r) => r[0]!.c,
      ),
    );
  });

  itRaces(
    target,
    "a year's first orders at once, outside a transaction, each get the next number",
    async () => {
      // A guest's order draws its keys without a transaction: the year's sequence is made by one of them.
      const later = new Date(Date.UTC(year + 40, 5, 1));
      const keys = await Promise.all(Array.from({ length: 12 }, () => newOrderKeys(t.database.db, later)));
      expect(keys.map((k) => k.number).sort()).toEqual(
        Array.from({ length: 12 }, (_, i) => `${year + 40}-${String(i + 1).padStart(6, '0')}`),
      );
      expect(new Set(keys.map((k) => k.id)).size).toBe(12);
    },
  );
});
