// Several variants into the cart at once (POST /api/cart/items/many, the product page's grid of lengths):
// each its own line, added to what the cart holds, all in one transaction. A line that cannot go in refuses
// the whole request in Russian, naming that line's article and field, and nothing changes: no line, no
// quantity, not even a guest's new cart. On PostgreSQL, requests at the same moment never leave half of one.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { selectRows } from '../src/platform/db';
import { describeOnDatabases, itRaces, startTestApp, type TestApp } from './harness';
import { countRows, fillCart, productWithOffer, request } from './shop-fixtures';

type Json = Record<string, unknown>;
interface Cart {
  items: { offerId: number; quantity: number; price: number }[];
  count: number;
  cartToken: string | null;
  totals: { goods: number; total: number; quantity: number };
}
type Answer = { data?: Cart; error?: { message: string; fields?: Record<string, string> } };

describeOnDatabases('adding many lines to the cart on $name', (target) => {
  let t: TestApp;
  /** Nine lengths of one curl and thickness, 7…15 мм, 5 pieces each, 890 ₽; and an offer off sale. */
  const lengths: number[] = [];
  let hidden = 0;

  const addMany = async (lines: unknown, headers: Json = {}) => {
    const res = await request(t, 'POST', '/api/cart/items/many', headers, { lines });
    return { status: res.statusCode, body: res.json<Answer>(), cookie: res.headers['set-cookie'] };
  };
  const quantities = async (token: string) => {
    const res = await request(t, 'GET', '/api/cart', { 'x-cart-token': token });
    return res.json<{ data: Cart }>().data.items.map((l) => [l.offerId, l.quantity]);
  };

  beforeAll(async () => {
    t = await startTestApp(target);
    for (let length = 7; length <= 15; length++) {
      const { offerId } = await productWithOffer(t, {
        price: 89000,
        stock: 5,
        attributes: { curl: 'C', thickness: '0.10', length: String(length) },
      });
      lengths.push(offerId);
    }
    hidden = (await productWithOffer(t, { price: 50000, stock: 9, active: false })).offerId;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('puts nine lengths in as nine lines in one request, priced as one cart', async () => {
    const lines = lengths.map((offerId, i) => ({ offerId, quantity: 1 + (i % 3) }));
    const added = await addMany(lines);
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const cart = added.body.data!;
    // A guest's first change: the new cart's token, once, as POST /api/cart/items answers it.
    expect(cart.cartToken).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(added.cookie).toMatch(/^cartToken=/);
    expect(cart.items.map((l) => [l.offerId, l.quantity])).toEqual(lines.map((l) => [l.offerId, l.quantity]));
    const pieces = lines.reduce((sum, l) => sum + l.quantity, 0);
    expect(cart.count).toBe(pieces);
    expect(cart.totals).toMatchObject({ goods: pieces * 89000, total: pieces * 89000, quantity: pieces });
    // Again: each adds to what the cart holds of it, still one line per variant.
    const again = await addMany(
      [
        { offerId: lengths[0], quantity: 2 },
        { offerId: lengths[8], quantity: 1 },
      ],
      { 'x-cart-token': cart.cartToken },
    );
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.data!.cartToken).toBeNull();
    expect(again.body.data!.items).toHaveLength(9);
    expect(again.body.data!.items[0]).toMatchObject({ offerId: lengths[0], quantity: 3 });
    expect(again.body.data!.items[8]).toMatchObject({ offerId: lengths[8], quantity: 4 });
  });

  it('refuses a bad line in Russian, naming it, and changes nothing', async () => {
    const headers = await fillCart(t, [[lengths[1]!, 4]]);
    const token = String(headers['x-cart-token']);
    const before = await quantities(token);
    const rows = await countRows(t, 'cart_items');
    const article = async (offerId: number) =>
      (
        await selectRows<{ article: string }>(
          t.database.db,
          sql`SELECT article FROM product_offers WHERE id = ${offerId}`,
        )
      )[0]!.article;
    const cases: [unknown, RegExp, Record<string, string>?][] = [
      // Beside the 4 the cart holds, 2 more of 5 is too many: the line is named by its article.
      [
        [
          { offerId: lengths[0], quantity: 1 },
          { offerId: lengths[1], quantity: 2 },
        ],
        new RegExp(`арт\\. ${await article(lengths[1]!)}: в наличии только 5 шт\\.`),
        { 'lines.1.quantity': 'Не больше 5' },
      ],
      [
        [
          { offerId: lengths[2], quantity: 1 },
          { offerId: lengths[2], quantity: 1 },
        ],
        /Каждый вариант указывается один раз/,
        { 'lines.1.offerId': 'Этот вариант уже указан' },
      ],
      [[{ offerId: hidden, quantity: 1 }], /сейчас не продаётся/, { 'lines.0.offerId': 'Не продаётся' }],
      [[{ offerId: 2_000_000, quantity: 1 }], /Такого товара нет в каталоге/],
      [[{ offerId: lengths[0], quantity: 0 }], /Количество/, { 'lines.0.quantity': 'Не меньше 1' }],
      [[{ offerId: lengths[0], quantity: -3 }], /Количество/],
      [[{ offerId: lengths[0], quantity: 1.5 }], /Количество/],
      [[{ offerId: lengths[0], quantity: 10_000 }], /Количество/],
      [[{ offerId: lengths[0] }], /Количество/],
      [[], /укажите количество хотя бы одного варианта/],
      [Array.from({ length: 101 }, (_, i) => ({ offerId: i + 1, quantity: 1 })), /не больше 100 вариантов/],
      ['all of them', /Товары/],
    ];
    for (const [lines, message, fields] of cases) {
      const refused = await addMany(lines, headers);
      expect(refused.status, JSON.stringify(lines).slice(0, 200)).toBe(400);
      expect(refused.body.error!.message).toMatch(message);
      if (fields) expect(refused.body.error!.fields).toMatchObject(fields);
    }
    expect(await quantities(token)).toEqual(before);
    expect(await countRows(t, 'cart_items')).toBe(rows);
  });

  it("a guest's refused request leaves no cart behind", async () => {
    const carts = await countRows(t, 'carts');
    const refused = await addMany([
      { offerId: lengths[3], quantity: 1 },
      { offerId: lengths[4], quantity: 6 },
    ]);
    expect(refused.status).toBe(400);
    expect(refused.cookie).toBeUndefined();
    expect(await countRows(t, 'carts')).toBe(carts);
  });

  itRaces(target, 'requests at the same moment never leave half of one in the cart', async () => {
    for (let round = 0; round < 3; round++) {
      // One piece of a scarce length (3 in stock) with one of a plentiful one, eight times at once.
      const scarce = (await productWithOffer(t, { price: 89000, stock: 3 })).offerId;
      const plenty = (await productWithOffer(t, { price: 89000, stock: 50 })).offerId;
      const headers = await fillCart(t, [[plenty, 1]]);
      const answers = await Promise.all(
        Array.from({ length: 8 }, () =>
          addMany(
            [
              { offerId: plenty, quantity: 1 },
              { offerId: scarce, quantity: 1 },
            ],
            headers,
          ),
        ),
      );
      expect(answers.filter((a) => a.status === 200)).toHaveLength(3);
      expect(answers.filter((a) => a.status === 400)).toHaveLength(5);
      // Every request that went in brought both lines; none brought the plentiful one alone.
      expect(await quantities(String(headers['x-cart-token']))).toEqual([
        [plenty, 4],
        [scarce, 3],
      ]);
    }
  });
});
