// The sales area's own admin endpoints through the real API on a real database: the dashboard per role,
// coupon series (unique codes, limits, bad input refused with nothing written), bonus debits that can never
// overdraw (one after another or at the same moment), settings that never send their secrets, bulk review
// moderation (all or nothing) with the answer dated by the server, and the processed flag of site forms.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DashboardData } from '../src/domains/sales/dashboard';
import { selectRows } from '../src/platform/db';
import { signIn, signedInUser } from './accounts';
import { describeOnDatabases, itRaces, startTestApp, type TestApp } from './harness';

type Method = 'GET' | 'POST' | 'PUT';

describeOnDatabases('admin sales endpoints on $name', (target) => {
  let t: TestApp;
  const tokens: Record<'admin' | 'manager' | 'content', string> = { admin: '', manager: '', content: '' };
  let customerId = 0;
  const call = (token: string, method: Method, url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { authorization: token }, ...(payload ? { payload } : {}) });
  const rows = <T>(query: ReturnType<typeof sql>) => selectRows<T>(t.database.db, query);
  const count = async (table: string, where = sql`true`) =>
    Number(
      (await rows<{ n: number }>(sql`SELECT count(*) AS n FROM ${sql.raw(table)} WHERE ${where}`))[0]!.n,
    );

  beforeAll(async () => {
    t = await startTestApp(target);
    tokens.admin = t.adminToken;
    for (const role of ['manager', 'content'] as const) {
      const email = `${role}@sales.test`;
      ({ token: tokens[role] } = await signedInUser(t, {
        email,
        name: role,
        role,
        password: `${role}-password-1`,
      }));
    }
    const customer = await call(t.adminToken, 'POST', '/api/admin/users', {
      email: 'buyer@sales.test',
      name: 'Покупательница',
    });
    customerId = customer.json<{ id: number }>().id;
  });
  afterAll(async () => {
    await t.close();
  });

  describe('dashboard', () => {
    beforeAll(async () => {
      // Two sales today and yesterday (Moscow), one new order, one canceled that must not count.
      await t.database.db.execute(sql`
        INSERT INTO orders (number, status, customer_name, customer_phone, total, created_at) VALUES
          ('2026-000001', 'completed', 'Анна', '+79990000001', 150000, now()),
          ('2026-000002', 'paid', 'Вера', '+79990000002', 50000, now() - interval '1 day'),
          ('2026-000003', 'new', 'Галина', '+79990000003', 70000, now()),
          ('2026-000004', 'canceled', 'Дарья', '+79990000004', 990000, now()),
          ('2026-000005', 'completed', 'Елена', '+79990000005', 10000, now() - interval '40 days')`);
      const [p] = await rows<{ id: number }>(
        sql`INSERT INTO products (title, slug) VALUES ('Ресницы тест', 'lashes-test') RETURNING id`,
      );
      await t.database.db.execute(sql`
        INSERT INTO product_offers (product_id, article, base_price, stock, position) VALUES
          (${p!.id}, 'LOW-1', 1000, 2, 0), (${p!.id}, 'MANY-1', 1000, 50, 1)`);
      await t.database.db.execute(sql`
        INSERT INTO site_reviews (author_name, rating, text, status) VALUES
          ('Ирина', 5, 'Отличный магазин', 'pending'), ('Ольга', 4, 'Всё хорошо', 'published')`);
      await t.database.db.execute(sql`
        INSERT INTO product_reviews (product_id, author_name, rating, text, status) VALUES
          (${p!.id}, 'Мария', 5, 'Хорошие ресницы', 'pending')`);
      await t.database.db.execute(sql`
        INSERT INTO feedback_requests (kind, name, phone) VALUES ('call', 'Светлана', '+79991112233')`);
    });

    it('gives the administrator every block: new orders, 30 Moscow days of sales, reviews, forms, stock', async () => {
      const res = await call(tokens.admin, 'GET', '/api/admin/dashboard');
      expect(res.statusCode).toBe(200);
      const d = res.json<{ data: Required<DashboardData> }>().data;
      expect(Object.keys(d).sort()).toEqual(['feedback', 'lowStock', 'orders', 'revenue', 'reviews']);
      expect(d.orders.newCount).toBe(1);
      expect(d.orders.latest[0]).toMatchObject({
        number: '2026-000003',
        customerName: 'Галина',
        total: 70000,
      });
      expect(d.revenue.days).toHaveLength(30);
      expect(d.revenue.total).toBe(200000);
      expect(d.revenue.count).toBe(2);
      const moscowToday = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Moscow' }).format(new Date());
      expect(d.revenue.days.at(-1)).toEqual({ day: moscowToday, total: 150000, count: 1 });
      expect(d.reviews).toEqual({ site: 1, products: 1 });
      expect(d.feedback.unprocessed).toBe(1);
      expect(d.lowStock.count).toBe(1);
      expect(d.lowStock.offers[0]).toMatchObject({ article: 'LOW-1', stock: 2, title: 'Ресницы тест' });
    });

    it('gives a manager orders, reviews, forms and stock, and content only reviews and stock', async () => {
      const manager = (await call(tokens.manager, 'GET', '/api/admin/dashboard')).json<{ data: object }>()
        .data;
      expect(Object.keys(manager).sort()).toEqual(['feedback', 'lowStock', 'orders', 'revenue', 'reviews']);
      const content = await call(tokens.content, 'GET', '/api/admin/dashboard');
      expect(content.statusCode).toBe(200);
      expect(Object.keys(content.json<{ data: object }>().data).sort()).toEqual(['lowStock', 'reviews']);
    });

    it('refuses a visitor without a token and a customer', async () => {
      expect((await t.app.inject({ method: 'GET', url: '/api/admin/dashboard' })).statusCode).toBe(401);
      await call(tokens.admin, 'PUT', `/api/admin/users/${customerId}`, { password: 'buyer-password-1' });
      const customer = await signIn(t.app, 'buyer@sales.test', 'buyer-password-1');
      expect((await call(customer, 'GET', '/api/admin/dashboard')).statusCode).toBe(403);
    });
  });

  describe('coupon series', () => {
    const valid = {
      count: 500,
      prefix: 'SPRING-',
      length: 6,
      batch: 'Весна',
      type: 'percent',
      value: 15,
      usageLimit: 1,
      startsAt: '2026-03-01T00:00:00.000Z',
      endsAt: '2026-05-31T21:00:00.000Z',
    };

    it('creates a chunk of unique random codes from unambiguous symbols, marked with the batch', async () => {
      // A code that exists already must never be produced again.
      await call(tokens.admin, 'POST', '/api/admin/coupons', {
        code: 'SPRING-AAAAAA',
        type: 'fixed',
        value: 100,
      });
      const res = await call(tokens.manager, 'POST', '/api/admin/coupons/generate', valid);
      expect(res.statusCode).toBe(201);
      const { created, codes } = res.json<{ data: { created: number; codes: string[] } }>().data;
      expect(created).toBe(500);
      expect(new Set(codes).size).toBe(500);
      for (const code of codes) expect(code).toMatch(/^SPRING-[ABCDEFGHJKLMNPQRSTUVWXYZ23456789]{6}$/);
      expect(codes).not.toContain('SPRING-AAAAAA');
      expect(await count('coupons', sql`batch = 'Весна'`)).toBe(500);
      const [stored] = await rows<Record<string, unknown>>(
        sql`SELECT type, value, usage_limit, starts_at FROM coupons WHERE batch = 'Весна' LIMIT 1`,
      );
      expect(stored).toMatchObject({ type: 'percent', value: 15, usage_limit: 1 });

      const again = await call(tokens.manager, 'POST', '/api/admin/coupons/generate', valid);
      expect(again.statusCode).toBe(201);
      const all = await rows<{ n: number; d: number }>(
        sql`SELECT count(*) AS n, count(DISTINCT code) AS d FROM coupons WHERE batch = 'Весна'`,
      );
      expect(Number(all[0]!.n)).toBe(1000);
      expect(Number(all[0]!.d)).toBe(1000);
      // Each coupon has its "created" entry in the change history, by the manager.
      expect(
        await count(
          'history h JOIN coupons c ON c.id = h.record_id',
          sql`h.resource = 'coupons' AND h.action = 'create' AND c.batch = 'Весна' AND h.user_name LIKE 'manager <%'`,
        ),
      ).toBe(1000);

      const batches = await call(tokens.manager, 'GET', '/api/admin/coupons/batches');
      expect(batches.json<{ data: unknown[] }>().data).toContainEqual(
        expect.objectContaining({ batch: 'Весна', count: 1000, used: 0, type: 'percent', value: 15 }),
      );
    });

    // What the request schema checks is summed up as every schema refusal is, the field named by its label
    // ("Проверьте данные: «Серия»: …"); the field's own message is the form's. Comparing the two dates is
    // the server's own rule, and its message is the field's.
    const bySchema = (label: string, message: string) =>
      `Проверьте данные: «${label}»: ${message.charAt(0).toLowerCase()}${message.slice(1)}`;
    it.each([
      [{ type: 'percent', value: 101 }, 'value', 'Процент скидки — целое число от 1 до 100', 'Скидка'],
      [
        { endsAt: '2026-02-01T00:00:00.000Z' },
        'endsAt',
        'Дата окончания должна быть позже даты начала',
        null,
      ],
      [{ count: 0 }, 'count', 'Количество купонов за один запрос — от 1 до 500', 'Количество купонов'],
      [{ count: 501 }, 'count', 'Количество купонов за один запрос — от 1 до 500', 'Количество купонов'],
      [
        { prefix: 'весна' },
        'prefix',
        'Префикс: до 12 заглавных латинских букв, цифр, дефисов и подчёркиваний',
        'Префикс кода',
      ],
      [{ type: 'fixed', value: 0 }, 'value', 'Укажите сумму скидки больше нуля', 'Скидка'],
      [{ usageLimit: 0 }, 'usageLimit', 'Лимит использований — целое число от 1', 'Лимит использований'],
      [{ batch: ' ' }, 'batch', 'Укажите название серии (до 64 символов)', 'Серия'],
    ])('refuses %j in Russian and writes nothing', async (change, field, fieldMessage, label) => {
      const before = await count('coupons');
      const res = await call(tokens.admin, 'POST', '/api/admin/coupons/generate', {
        ...valid,
        batch: 'Плохая',
        ...change,
      });
      expect(res.statusCode).toBe(400);
      const message = label ? bySchema(label, fieldMessage) : fieldMessage;
      expect(res.json()).toEqual({
        error: { code: 'bad_request', message, fields: { [field]: fieldMessage } },
      });
      expect(await count('coupons')).toBe(before);
    });

    it('is closed to the content role', async () => {
      const res = await call(tokens.content, 'POST', '/api/admin/coupons/generate', { ...valid, count: 1 });
      expect(res.statusCode).toBe(403);
      expect((await call(tokens.content, 'GET', '/api/admin/coupons/batches')).statusCode).toBe(403);
    });
  });

  describe('bonuses', () => {
    let customers = 0;
    /** A customer of the test's own, so that no test depends on the balance another one left. */
    const newCustomer = async (points = 0): Promise<number> => {
      customers += 1;
      const res = await call(tokens.admin, 'POST', '/api/admin/users', {
        email: `bonus${customers}@sales.test`,
        name: `Покупательница ${customers}`,
      });
      expect(res.statusCode).toBe(201);
      const id = res.json<{ id: number }>().id;
      if (points) await adjust(id, 'accrual', points, 'Начальный остаток');
      return id;
    };
    const adjust = (userId: number, direction: 'accrual' | 'debit', points: number, reason: string) =>
      call(tokens.manager, 'POST', '/api/admin/bonuses/adjust', { userId, direction, points, reason });
    const balance = async (userId: number) =>
      (await call(tokens.manager, 'GET', `/api/admin/bonuses/balance/${userId}`)).json<{
        data: { balance: number };
      }>().data.balance;

    it('accrues, debits within the balance and refuses a debit above it in Russian', async () => {
      const userId = await newCustomer();
      const accrual = await adjust(userId, 'accrual', 300, 'Подарок ко дню рождения');
      expect(accrual.statusCode).toBe(201);
      expect(
        accrual.json<{ data: { balance: number; entry: Record<string, unknown> } }>().data,
      ).toMatchObject({
        balance: 300,
        entry: { amount: 300, kind: 'manual', reason: 'Подарок ко дню рождения' },
      });
      const debit = await adjust(userId, 'debit', 100, 'Списание по просьбе покупателя');
      expect(debit.statusCode).toBe(201);
      expect(await balance(userId)).toBe(200);
      const entryId = debit.json<{ data: { entry: { id: number } } }>().data.entry.id;
      const [logged] = await rows<{ changes: Record<string, unknown> }>(
        sql`SELECT changes FROM history WHERE resource = 'bonuses' AND record_id = ${entryId} AND action = 'create'`,
      );
      expect(logged!.changes).toMatchObject({
        amount: { to: -100 },
        reason: { to: 'Списание по просьбе покупателя' },
      });

      const before = await count('bonus_transactions');
      const over = await adjust(userId, 'debit', 201, 'Слишком много');
      expect(over.statusCode).toBe(400);
      expect(over.json<{ error: { message: string } }>().error.message).toBe(
        'Нельзя списать 201 балл: на счёте покупателя только 200',
      );
      expect(await count('bonus_transactions')).toBe(before);
      expect(await balance(userId)).toBe(200);
    });

    itRaces(target, 'never overdraws when many debits arrive at the same moment', async () => {
      // Ten debits of 30 against 100 points, all at once, five times over: each round exactly three may
      // pass. Without the ledger's row lock the debits read the same old balance and more get through.
      for (let round = 1; round <= 5; round++) {
        const userId = await newCustomer(100);
        const debits = await Promise.all(
          Array.from({ length: 10 }, () => adjust(userId, 'debit', 30, `Одновременно, круг ${round}`)),
        );
        expect(debits.map((d) => d.statusCode).sort()).toEqual([
          201, 201, 201, 400, 400, 400, 400, 400, 400, 400,
        ]);
        expect(await balance(userId)).toBe(10);
      }
    });

    it('writes no ledger entry through the generic create, not even for an administrator (history)', async () => {
      const userId = await newCustomer(20);
      const res = await call(tokens.admin, 'POST', '/api/admin/bonuses', {
        userId,
        amount: -21,
        kind: 'manual',
      });
      expect(res.statusCode).toBe(403);
      expect(await balance(userId)).toBe(20);
    });

    it('refuses bad input and unknown customers in Russian', async () => {
      const userId = await newCustomer();
      const bad = await adjust(userId, 'accrual', 0, '');
      expect(bad.statusCode).toBe(400);
      expect(bad.json<{ error: { fields: Record<string, string> } }>().error.fields).toEqual({
        points: 'Количество баллов — целое число от 1 до 1 000 000',
        reason: 'Укажите основание',
      });
      const missing = await adjust(999999, 'accrual', 5, 'Нет такого');
      expect(missing.statusCode).toBe(404);
      expect((await call(tokens.content, 'GET', `/api/admin/bonuses/balance/${userId}`)).statusCode).toBe(
        403,
      );
      expect(await balance(userId)).toBe(0);
    });
  });

  describe('settings', () => {
    it('stores a new SMTP password and SMS key but never sends them, only whether they are set', async () => {
      const first = await call(tokens.admin, 'GET', '/api/admin/settings/current');
      expect(first.statusCode).toBe(200);
      const { record, secrets } = first.json<{
        data: { record: { id: number }; secrets: Record<string, boolean> };
      }>().data;
      expect(secrets).toEqual({ smtpPassword: false, smsApiKey: false, ymlPassword: false });

      const saved = await call(tokens.admin, 'PUT', `/api/admin/settings/${record.id}`, {
        smtpHost: 'smtp.example.ru',
        smtpPassword: 'very-secret-smtp',
        smsApiKey: 'very-secret-sms',
      });
      expect(saved.statusCode).toBe(200);
      const answers = [
        saved.body,
        (await call(tokens.admin, 'GET', `/api/admin/settings/${record.id}`)).body,
        (await call(tokens.admin, 'GET', '/api/admin/settings')).body,
        (await call(tokens.admin, 'GET', '/api/admin/settings/current')).body,
        (await t.app.inject({ method: 'GET', url: '/api/site/settings' })).body,
      ];
      for (const body of answers) {
        expect(body).not.toContain('very-secret');
        expect(body).not.toContain('smtpPassword":"');
      }
      const after = (await call(tokens.admin, 'GET', '/api/admin/settings/current')).json<{
        data: { secrets: Record<string, boolean> };
      }>().data;
      expect(after.secrets).toEqual({ smtpPassword: true, smsApiKey: true, ymlPassword: false });
      const [stored] = await rows<{ smtp_password: string }>(sql`SELECT smtp_password FROM settings`);
      expect(stored!.smtp_password).toBe('very-secret-smtp');

      // Saving other fields keeps the secret; null clears it.
      await call(tokens.admin, 'PUT', `/api/admin/settings/${record.id}`, { smtpHost: 'smtp.other.ru' });
      await call(tokens.admin, 'PUT', `/api/admin/settings/${record.id}`, { smsApiKey: null });
      const last = (await call(tokens.admin, 'GET', '/api/admin/settings/current')).json<{
        data: { secrets: Record<string, boolean> };
      }>().data;
      expect(last.secrets).toEqual({ smtpPassword: true, smsApiKey: false, ymlPassword: false });
    });

    it('is for the administrator only', async () => {
      expect((await call(tokens.manager, 'GET', '/api/admin/settings/current')).statusCode).toBe(403);
    });
  });

  describe('reviews and forms', () => {
    let ids: number[] = [];
    beforeAll(async () => {
      const created = await rows<{ id: number }>(sql`
        INSERT INTO site_reviews (author_name, rating, text) VALUES
          ('А', 5, 'Отзыв один'), ('Б', 4, 'Отзыв два'), ('В', 3, 'Отзыв три') RETURNING id`);
      ids = created.map((r) => r.id);
    });
    const statuses = async () =>
      (
        await rows<{ status: string }>(
          sql`SELECT status FROM site_reviews WHERE id IN (${sql.join(ids, sql`, `)}) ORDER BY id`,
        )
      ).map((r) => r.status);

    it('publishes several reviews at once', async () => {
      const res = await call(tokens.manager, 'POST', '/api/admin/reviews-on-site/bulk-status', {
        ids: ids.slice(0, 2),
        status: 'published',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ data: { updated: 2, status: 'published' } });
      expect(await statuses()).toEqual(['published', 'published', 'pending']);
      const logged = await rows<{ record_id: number; changes: unknown }>(
        sql`SELECT record_id, changes FROM history WHERE resource = 'reviews-on-site' ORDER BY record_id`,
      );
      expect(logged).toEqual(
        ids
          .slice(0, 2)
          .map((id) => ({ record_id: id, changes: { status: { from: 'pending', to: 'published' } } })),
      );
    });

    it('changes nothing when one of the reviews does not exist, or for a customer', async () => {
      const res = await call(tokens.manager, 'POST', '/api/admin/reviews-on-site/bulk-status', {
        ids: [ids[2], 999999],
        status: 'rejected',
      });
      expect(res.statusCode).toBe(404);
      expect(res.json<{ error: { message: string } }>().error.message).toBe(
        'Отзывы не найдены: №999999; ничего не изменено',
      );
      const bad = await call(tokens.manager, 'POST', '/api/admin/reviews-on-site/bulk-status', {
        ids: [ids[2]],
        status: 'deleted',
      });
      expect(bad.statusCode).toBe(400);
      // Reviews are the manager's and the content editor's (x-access); a customer's token is refused.
      const customer = await signedInUser(t, {
        email: 'reviewer@sales.test',
        name: 'Покупательница',
        role: 'customer',
        password: 'reviewer-password-1',
      });
      const refused = await call(customer.token, 'POST', '/api/admin/reviews-on-site/bulk-status', {
        ids: [ids[2]],
        status: 'published',
      });
      expect(refused.statusCode).toBe(403);
      expect(await statuses()).toEqual(['published', 'published', 'pending']);
    });

    it('dates the shop answer on the server and clears the date with the answer', async () => {
      const id = ids[2]!;
      const answered = await call(tokens.manager, 'PUT', `/api/admin/reviews-on-site/${id}`, {
        answer: 'Спасибо за отзыв!',
        answeredAt: '2000-01-01T00:00:00.000Z',
      });
      expect(answered.statusCode).toBe(200);
      const at = answered.json<{ answeredAt: string }>().answeredAt;
      expect(Date.now() - new Date(at).getTime()).toBeLessThan(60_000);
      const same = await call(tokens.manager, 'PUT', `/api/admin/reviews-on-site/${id}`, {
        answer: 'Спасибо за отзыв!',
      });
      expect(same.json<{ answeredAt: string }>().answeredAt).toBe(at);
      const cleared = await call(tokens.manager, 'PUT', `/api/admin/reviews-on-site/${id}`, { answer: '' });
      expect(cleared.json()).toMatchObject({ answer: null, answeredAt: null });
    });

    it('marks a form processed with the time and the manager, and back', async () => {
      const [form] = await rows<{ id: number }>(
        sql`INSERT INTO feedback_requests (kind, name, message) VALUES ('message', 'Ника', 'Есть ли клей?') RETURNING id`,
      );
      const done = await call(tokens.manager, 'POST', `/api/admin/feedback/${form!.id}/processed`, {
        processed: true,
      });
      expect(done.statusCode).toBe(200);
      const managerId = (
        await rows<{ id: number }>(sql`SELECT id FROM users WHERE email = 'manager@sales.test'`)
      )[0]!.id;
      expect(done.json()).toMatchObject({ data: { processed: true, processedById: managerId } });
      const shown = (await call(tokens.manager, 'GET', `/api/admin/feedback/${form!.id}`)).json<
        Record<string, unknown>
      >();
      expect(shown).toMatchObject({ processed: true, processedById: managerId });
      expect(shown.processedAt).toEqual(expect.any(String));
      expect(
        await count(
          'history',
          sql`resource = 'feedback' AND record_id = ${form!.id} AND user_name LIKE 'manager <%'`,
        ),
      ).toBe(1);
      const undone = await call(tokens.manager, 'POST', `/api/admin/feedback/${form!.id}/processed`, {
        processed: false,
      });
      expect(undone.json()).toMatchObject({
        data: { processed: false, processedAt: null, processedById: null },
      });
      expect(
        (await call(tokens.content, 'POST', `/api/admin/feedback/${form!.id}/processed`, { processed: true }))
          .statusCode,
      ).toBe(403);
      expect(
        (await call(tokens.manager, 'POST', '/api/admin/feedback/999999/processed', { processed: true }))
          .statusCode,
      ).toBe(404);
    });

    it('dates and signs the processed flag saved through the ordinary edit too', async () => {
      const [form] = await rows<{ id: number }>(
        sql`INSERT INTO feedback_requests (kind, name, phone) VALUES ('call', 'Вера', '+79990001122') RETURNING id`,
      );
      const managerId = (
        await rows<{ id: number }>(sql`SELECT id FROM users WHERE email = 'manager@sales.test'`)
      )[0]!.id;
      const saved = await call(tokens.manager, 'PUT', `/api/admin/feedback/${form!.id}`, {
        processed: true,
        managerComment: 'Перезвонили',
      });
      expect(saved.statusCode).toBe(200);
      expect(saved.json()).toMatchObject({ processed: true, processedById: managerId });
      expect(saved.json<{ processedAt: unknown }>().processedAt).toEqual(expect.any(String));
      const comment = await call(tokens.manager, 'PUT', `/api/admin/feedback/${form!.id}`, {
        managerComment: 'Заказ оформлен',
      });
      expect(comment.json()).toMatchObject({ processed: true, processedById: managerId });
      const reopened = await call(tokens.manager, 'PUT', `/api/admin/feedback/${form!.id}`, {
        processed: false,
      });
      expect(reopened.json()).toMatchObject({ processed: false, processedAt: null, processedById: null });
    });
  });
});
