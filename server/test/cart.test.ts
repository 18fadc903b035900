// The cart API through the real server and database: a guest's cart by its token, lines priced by the
// pricing engine, bad input refused in Russian with nothing changed, another visitor's cart out of reach, a
// coupon's message, the cart count of the header, and the guest's cart joining the account at sign-in.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { selectRows } from '../src/platform/db';
import { housekeeping } from '../src/tasks';
import { signedInUser } from './accounts';
import { describeOnDatabases, itRaces, startTestApp, type TestApp } from './harness';

type Json = Record<string, unknown>;
interface Line {
  id: number;
  offerId: number;
  quantity: number;
  price: number;
  unitPrice: number;
  problem: string | null;
}
interface Cart {
  items: Line[];
  count: number;
  cartToken: string | null;
  totals: { goods: number; discounts: number; total: number; quantity: number };
  coupon: { state: string; message: string; amount: number } | null;
  discounts: { source: string; title: string; amount: number }[];
  canOrder: boolean;
}

describeOnDatabases('the cart API on $name', (target) => {
  let t: TestApp;
  const offers: Record<string, number> = {};

  const send = (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT',
    url: string,
    headers: Json = {},
    payload?: object,
  ) =>
    t.app.inject({
      method,
      url,
      headers: headers as Record<string, string>,
      ...(payload ? { payload } : {}),
    });
  const admin = (method: 'POST' | 'PUT', url: string, payload: object) =>
    send(method, url, { authorization: t.adminToken }, payload);
  const cartOf = (res: { statusCode: number; body: string; json: <T>() => T }) => {
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: Cart }>().data;
  };
  const message = (res: { json: <T>() => T }) => res.json<{ error: { message: string } }>().error.message;
  const guest = (token: string) => ({ 'x-cart-token': token });
  const cartRows = async () =>
    Number((await selectRows<{ n: number }>(t.database.db, sql`SELECT count(*) AS n FROM cart_items`))[0]!.n);

  beforeAll(async () => {
    t = await startTestApp(target);
    const product = async (slug: string, offer: Json, active = true) => {
      const res = await admin('POST', '/api/admin/products', {
        slug,
        title: slug,
        active,
        offers: [{ article: `${slug}-1`, ...offer }],
      });
      expect(res.statusCode, res.body).toBe(201);
      offers[slug] = res.json<{ offers: { id: number }[] }>().offers[0]!.id;
    };
    await product('lashes', { basePrice: 100000, stock: 5 });
    await product('glue', { basePrice: 80000, salePrice: 60000, stock: 2 });
    await product('hidden', { basePrice: 50000, stock: 9 }, false);
    expect(
      (await admin('POST', '/api/admin/coupons', { code: 'LASH10', type: 'percent', value: 10 })).statusCode,
    ).toBe(201);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('a guest gets a cart by adding to it: its token once, then the cart by that token', async () => {
    const empty = cartOf(await send('GET', '/api/cart'));
    expect(empty).toMatchObject({ items: [], count: 0, cartToken: null, canOrder: false });
    const added = await send('POST', '/api/cart/items', {}, { offerId: offers.lashes, quantity: 2 });
    const cart = cartOf(added);
    expect(cart.cartToken).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(added.headers['set-cookie']).toMatch(
      /^cartToken=[A-Za-z0-9_-]+; Path=\/; Max-Age=2592000; HttpOnly/,
    );
    expect(cart.items).toMatchObject([
      { offerId: offers.lashes, quantity: 2, price: 100000, unitPrice: 100000 },
    ]);
    expect(cart.totals).toMatchObject({ goods: 200000, total: 200000, quantity: 2 });
    const token = cart.cartToken!;
    // The same cart by header or by cookie; more of the same offer adds up.
    const again = cartOf(
      await send('POST', '/api/cart/items', guest(token), { offerId: offers.lashes, quantity: 1 }),
    );
    expect(again.cartToken).toBeNull();
    expect(again.items).toMatchObject([{ quantity: 3 }]);
    const byCookie = cartOf(await send('GET', '/api/cart', { cookie: `cartToken=${token}` }));
    expect(byCookie.count).toBe(3);
    // The sale price is the price; the header's count is real.
    cartOf(await send('POST', '/api/cart/items', guest(token), { offerId: offers.glue, quantity: 1 }));
    const withGlue = cartOf(await send('GET', '/api/cart', guest(token)));
    expect(withGlue.items.find((l) => l.offerId === offers.glue)).toMatchObject({ price: 60000 });
    const mode = await send('GET', '/api/maintenance-mode', guest(token));
    expect(mode.statusCode, mode.body).toBe(200);
    expect(mode.json<{ data: { cartCount: number } }>().data.cartCount).toBe(4);
  });

  it('refuses bad lines in Russian and changes nothing', async () => {
    const token = cartOf(
      await send('POST', '/api/cart/items', {}, { offerId: offers.lashes, quantity: 1 }),
    ).cartToken!;
    const before = await cartRows();
    const cases: [object, number, RegExp][] = [
      [{ offerId: 2_000_000, quantity: 1 }, 400, /Такого товара нет в каталоге/],
      [{ offerId: offers.hidden, quantity: 1 }, 400, /«hidden» сейчас не продаётся/],
      [{ offerId: offers.lashes, quantity: 5 }, 400, /«lashes»: в наличии только 5 шт\./],
      [{ offerId: offers.lashes, quantity: 0 }, 400, /Количество/],
      [{ offerId: offers.lashes, quantity: -1 }, 400, /Количество/],
      [{ offerId: offers.lashes, quantity: 10_000 }, 400, /Количество/],
      [{ offerId: offers.lashes, quantity: 'два' }, 400, /Количество/],
      [{ offerId: 'abc', quantity: 1 }, 400, /Вариант товара/],
    ];
    for (const [payload, status, text] of cases) {
      const res = await send('POST', '/api/cart/items', guest(token), payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      expect(message(res), JSON.stringify(payload)).toMatch(text);
    }
    expect(await cartRows()).toBe(before);
    const cart = cartOf(await send('GET', '/api/cart', guest(token)));
    expect(cart.items).toMatchObject([{ quantity: 1 }]);
  });

  it('another visitor cannot touch a line of this cart', async () => {
    const mine = cartOf(await send('POST', '/api/cart/items', {}, { offerId: offers.lashes, quantity: 1 }));
    const theirs = cartOf(await send('POST', '/api/cart/items', {}, { offerId: offers.glue, quantity: 1 }));
    const line = mine.items[0]!.id;
    const patched = await send('PATCH', `/api/cart/items/${line}`, guest(theirs.cartToken!), { quantity: 2 });
    expect(patched.statusCode).toBe(404);
    expect(message(patched)).toBe('В корзине нет такой строки');
    expect((await send('DELETE', `/api/cart/items/${line}`, guest(theirs.cartToken!))).statusCode).toBe(404);
    // A made-up token is a new, empty cart, never someone's.
    const forged = cartOf(await send('GET', '/api/cart', guest('x'.repeat(43))));
    expect(forged.items).toEqual([]);
    expect(cartOf(await send('GET', '/api/cart', guest(mine.cartToken!))).items).toMatchObject([
      { quantity: 1 },
    ]);
    // The owner may.
    const changed = cartOf(
      await send('PATCH', `/api/cart/items/${line}`, guest(mine.cartToken!), { quantity: 4 }),
    );
    expect(changed.items).toMatchObject([{ id: line, quantity: 4 }]);
    const tooMany = await send('PATCH', `/api/cart/items/${line}`, guest(mine.cartToken!), { quantity: 6 });
    expect(message(tooMany)).toBe('«lashes»: в наличии только 5 шт.');
    const removed = cartOf(await send('DELETE', `/api/cart/items/${line}`, guest(mine.cartToken!)));
    expect(removed.items).toEqual([]);
  });

  it('a promo code: a clear message for a wrong one, the discount for a right one, and taken off again', async () => {
    const token = cartOf(
      await send('POST', '/api/cart/items', {}, { offerId: offers.lashes, quantity: 2 }),
    ).cartToken!;
    const wrong = cartOf(await send('POST', '/api/cart/coupon', guest(token), { code: ' nope ' }));
    expect(wrong.coupon).toMatchObject({
      state: 'rejected',
      message: 'Промокод «NOPE» не найден. Проверьте, правильно ли он введён',
    });
    expect(wrong.totals.total).toBe(200000);
    const right = cartOf(await send('POST', '/api/cart/coupon', guest(token), { code: 'lash10' }));
    expect(right.coupon).toMatchObject({ state: 'applied', amount: 20000 });
    expect(right.totals).toMatchObject({ discounts: 20000, total: 180000 });
    expect(right.discounts).toContainEqual(expect.objectContaining({ source: 'coupon', amount: 20000 }));
    const off = cartOf(await send('DELETE', '/api/cart/coupon', guest(token)));
    expect(off.coupon).toBeNull();
    expect(off.totals.total).toBe(200000);
    const blank = await send('POST', '/api/cart/coupon', guest(token), { code: '   ' });
    expect(blank.statusCode).toBe(400);
  });

  it('a promo code for a category applies to the products of its subcategories', async () => {
    const parent = await admin('POST', '/api/admin/product-categories', { title: 'Клей', slug: 'kley-cart' });
    expect(parent.statusCode, parent.body).toBe(201);
    const child = await admin('POST', '/api/admin/product-categories', {
      title: 'Клей для наращивания',
      slug: 'kley-dlya-narashchivaniya-cart',
      parentId: parent.json<{ id: number }>().id,
    });
    expect(child.statusCode, child.body).toBe(201);
    const glue = await admin('POST', '/api/admin/products', {
      slug: 'glue-in-child',
      title: 'Клей в подкатегории',
      categoryIds: [child.json<{ id: number }>().id],
      offers: [{ article: 'GLUE-CHILD', basePrice: 100000, stock: 3 }],
    });
    expect(glue.statusCode, glue.body).toBe(201);
    const coupon = await admin('POST', '/api/admin/coupons', {
      code: 'KLEYCART',
      type: 'percent',
      value: 15,
      categoryIds: [parent.json<{ id: number }>().id],
    });
    expect(coupon.statusCode, coupon.body).toBe(201);
    const offerId = glue.json<{ offers: { id: number }[] }>().offers[0]!.id;
    const token = cartOf(await send('POST', '/api/cart/items', {}, { offerId, quantity: 1 })).cartToken!;
    const cart = cartOf(await send('POST', '/api/cart/coupon', guest(token), { code: 'KLEYCART' }));
    expect(cart.coupon).toMatchObject({ state: 'applied', amount: 15000 });
  });

  it("the housekeeping drops guests' carts untouched for 30 days, and keeps the rest", async () => {
    const old = cartOf(
      await send('POST', '/api/cart/items', {}, { offerId: offers.lashes, quantity: 1 }),
    ).cartToken!;
    const recent = cartOf(
      await send('POST', '/api/cart/items', {}, { offerId: offers.lashes, quantity: 1 }),
    ).cartToken!;
    const later = new Date(Date.now() + 31 * 86_400_000);
    // The recent cart was touched "today" as seen from 31 days on; the old one was not.
    await t.database.db.execute(
      sql`UPDATE carts SET updated_at = ${later} WHERE token_hash IS NOT NULL AND id = (SELECT max(id) FROM carts)`,
    );
    await housekeeping(t.database.db, later);
    expect(cartOf(await send('GET', '/api/cart', guest(old))).items).toEqual([]);
    expect(cartOf(await send('GET', '/api/cart', guest(recent))).items).toMatchObject([{ quantity: 1 }]);
  });

  it('bonuses are for signed-in customers only', async () => {
    const token = cartOf(
      await send('POST', '/api/cart/items', {}, { offerId: offers.lashes, quantity: 1 }),
    ).cartToken!;
    const res = await send('PUT', '/api/cart/bonuses', guest(token), { points: 10 });
    expect(res.statusCode).toBe(400);
    expect(message(res)).toBe('Баллами могут платить покупатели, вошедшие в личный кабинет');
  });

  it('a customer of a discounted type sees the discounted unit price', async () => {
    const type = await admin('POST', '/api/admin/user-types', {
      title: 'Мастер',
      code: 'master',
      discountPercent: 10,
    });
    expect(type.statusCode, type.body).toBe(201);
    const { token } = await signedInUser(t, {
      email: 'master@cart.test',
      password: 'master-password-1',
      userTypeId: type.json<{ id: number }>().id,
      role: 'customer',
    });
    const cart = cartOf(
      await send(
        'POST',
        '/api/cart/items',
        { authorization: token },
        { offerId: offers.lashes, quantity: 1 },
      ),
    );
    expect(cart.cartToken).toBeNull();
    expect(cart.items).toMatchObject([{ price: 100000, unitPrice: 90000 }]);
    expect(cart.discounts).toContainEqual(
      expect.objectContaining({ source: 'user_type', title: 'Скидка 10\u00a0% по статусу «Мастер»' }),
    );
  });

  it("a guest's cart joins the account's at sign-in: quantities added, capped by stock", async () => {
    const { token: session } = await signedInUser(t, {
      email: 'merge@cart.test',
      password: 'merge-password-1',
      role: 'customer',
    });
    cartOf(
      await send(
        'POST',
        '/api/cart/items',
        { authorization: session },
        { offerId: offers.lashes, quantity: 3 },
      ),
    );
    const guestToken = cartOf(
      await send('POST', '/api/cart/items', {}, { offerId: offers.lashes, quantity: 4 }),
    ).cartToken!;
    cartOf(await send('POST', '/api/cart/items', guest(guestToken), { offerId: offers.glue, quantity: 1 }));
    const login = await send('POST', '/api/auth/login', guest(guestToken), {
      login: 'merge@cart.test',
      password: 'merge-password-1',
    });
    expect(login.statusCode).toBe(200);
    const merged = cartOf(
      await send('GET', '/api/cart', { authorization: login.json<{ data: { token: string } }>().data.token }),
    );
    expect(merged.items.map((l) => [l.offerId, l.quantity])).toEqual([
      [offers.lashes, 5],
      [offers.glue, 1],
    ]);
    // The guest's cart is gone.
    expect(cartOf(await send('GET', '/api/cart', guest(guestToken))).items).toEqual([]);
  });

  // A change reads the cart, decides and writes only while the cart is the version it read (cart-store.ts
  // changeCart): changes at the same moment are each counted once, none lost and none doubled.
  itRaces(
    target,
    'changes at the same moment: every piece counted once, one line per offer, one cart',
    async () => {
      const res = await admin('POST', '/api/admin/products', {
        slug: 'race-lashes',
        title: 'race-lashes',
        offers: [{ article: 'race-lashes-1', basePrice: 90000, stock: 500 }],
      });
      expect(res.statusCode, res.body).toBe(201);
      const offerId = res.json<{ offers: { id: number }[] }>().offers[0]!.id;
      const add = (headers: Json) => send('POST', '/api/cart/items', headers, { offerId, quantity: 1 });
      // A guest's cart: twelve pieces at once, as twelve taps.
      const token = cartOf(
        await send('POST', '/api/cart/items', {}, { offerId: offers.glue, quantity: 1 }),
      ).cartToken!;
      const answers = await Promise.all(Array.from({ length: 12 }, () => add(guest(token))));
      for (const answer of answers) cartOf(answer);
      const after = cartOf(await send('GET', '/api/cart', guest(token)));
      expect(after.items.map((l) => [l.offerId, l.quantity])).toEqual([
        [offers.glue, 1],
        [offerId, 12],
      ]);
      // An account without a cart: its first changes at once make one cart between them.
      const { id, token: session } = await signedInUser(t, {
        email: 'race@cart.test',
        password: 'race-password-1',
        role: 'customer',
      });
      const first = await Promise.all(Array.from({ length: 6 }, () => add({ authorization: session })));
      for (const answer of first) cartOf(answer);
      const mine = cartOf(await send('GET', '/api/cart', { authorization: session }));
      expect(mine.items.map((l) => [l.offerId, l.quantity])).toEqual([[offerId, 6]]);
      const carts = await selectRows<{ n: number }>(
        t.database.db,
        sql`SELECT count(*)::int AS n FROM carts WHERE user_id = ${id}`,
      );
      expect(carts[0]!.n).toBe(1);
    },
  );
});
