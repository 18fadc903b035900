// Stock is never sold twice and never written back: takeStock (sales/stock.ts) decrements with a condition,
// and an admin form loaded before the stock moved cannot save its old stock back (the CRUD service refuses
// a stale record, crud/service/write.ts assertNotStale).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { selectRows } from '../src/platform/db';
import { OutOfStock, takeStock } from '../src/domains/sales/stock';
import { describeOnDatabases, itRaces, startTestApp, type TestApp } from './harness';

type Json = Record<string, unknown>;

describeOnDatabases('stock on $name', (target) => {
  let t: TestApp;
  let seq = 0;
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { authorization: t.adminToken }, ...(payload ? { payload } : {}) });
  const stockOf = async (offerId: number) =>
    (
      await selectRows<{ stock: number }>(
        t.database.db,
        sql`SELECT stock FROM product_offers WHERE id = ${offerId}`,
      )
    )[0]!.stock;
  /** A product with one offer of `stock` pieces: the product as the admin's form loads it, and the offer id. */
  const product = async (stock: number) => {
    seq += 1;
    const created = await call('POST', '/api/admin/products', {
      slug: `stock-${seq}`,
      title: `Ресницы ${seq}`,
      offers: [{ article: `ST-${seq}`, basePrice: 50000, stock }],
    });
    expect(created.statusCode, created.body).toBe(201);
    const loaded = (
      await call('GET', `/api/admin/products/${created.json<{ id: number }>().id}`)
    ).json<Json>();
    return { loaded, offerId: (loaded.offers as { id: number }[])[0]!.id };
  };
  const take = (offerId: number, quantity: number) =>
    t.database.db.transaction((tx) => takeStock(tx, [{ offerId, quantity }]));

  beforeAll(async () => {
    t = await startTestApp(target);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('takes what is there, and refuses more than is left without taking anything', async () => {
    const { offerId } = await product(3);
    await take(offerId, 2);
    expect(await stockOf(offerId)).toBe(1);
    const refused = await take(offerId, 2).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(OutOfStock);
    expect((refused as OutOfStock).short).toEqual([{ offerId, left: 1 }]);
    expect((refused as OutOfStock).status).toBe(409);
    expect(await stockOf(offerId)).toBe(1);
  });

  it('an admin form loaded before an order cannot save the sold stock back', async () => {
    const { loaded, offerId } = await product(10);
    // An order takes 4 while the form is open.
    await take(offerId, 4);
    const stale = await call('PUT', `/api/admin/products/${loaded.id as number}`, {
      ...loaded,
      title: 'Новое название',
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json<{ error: { message: string } }>().error.message).toMatch(
      /^Товар: запись изменилась, пока была открыта форма/,
    );
    expect(await stockOf(offerId)).toBe(6);
    // Loaded again, the same edit saves, and keeps the stock the order left.
    const fresh = (await call('GET', `/api/admin/products/${loaded.id as number}`)).json<Json>();
    const saved = await call('PUT', `/api/admin/products/${loaded.id as number}`, {
      ...fresh,
      title: 'Новое название',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await stockOf(offerId)).toBe(6);
  });

  it('a caller that sends no updatedAt (a script, a partial update) is not checked', async () => {
    const { loaded, offerId } = await product(5);
    await take(offerId, 1);
    const res = await call('PUT', `/api/admin/products/${loaded.id as number}`, {
      title: 'Без отметки времени',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await stockOf(offerId)).toBe(4);
  });

  itRaces(target, 'fifty takes of one piece at once against ten in stock: ten pass, stock 0', async () => {
    for (let round = 1; round <= 3; round++) {
      const { offerId } = await product(10);
      const results = await Promise.allSettled(Array.from({ length: 50 }, () => take(offerId, 1)));
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
      expect(
        results.filter((r) => r.status === 'rejected').every((r) => r.reason instanceof OutOfStock),
      ).toBe(true);
      expect(await stockOf(offerId)).toBe(0);
    }
  });

  itRaces(target, 'takes of two offers named in either order at once never deadlock: all pass', async () => {
    const [a, b] = [await product(40), await product(40)];
    const both = (first: number, second: number) =>
      t.database.db.transaction((tx) =>
        takeStock(tx, [
          { offerId: first, quantity: 1 },
          { offerId: second, quantity: 1 },
        ]),
      );
    const results = await Promise.allSettled(
      Array.from({ length: 40 }, (_, i) => (i % 2 ? both(a.offerId, b.offerId) : both(b.offerId, a.offerId))),
    );
    expect(results.filter((r) => r.status === 'rejected').map((r) => String(r.reason))).toEqual([]);
    expect([await stockOf(a.offerId), await stockOf(b.offerId)]).toEqual([0, 0]);
  });
});
