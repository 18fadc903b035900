// The rules the data must never break live in the database too (CHECK constraints from the schemas'
// minimum/maximum, conditional checks, partial unique indexes, foreign keys), so that a bug elsewhere
// cannot write an impossible row; a refused write through the CRUD layer answers 400/409 naming the
// field, from the generated constraint map. Also: the generated migrations apply on a database that
// already holds rows (the demo shop), and the rename migrations keep the rows and carry index names.
import { sql } from 'drizzle-orm';
import { copyFileSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { diffSnapshots, intentOf, migrationSql, snapshotOf } from '../../codegen/src/emit/migrations';
import { loadModel } from '../../codegen/src/model';
import { resources } from '../generated/resources';
import { selectRows } from '../src/platform/db';
import { migrate } from '../src/platform/db/migrate';
import { describeOnDatabases, openTestDatabase, startTestApp, type TestApp } from './harness';
import type { ResourceDef } from '../src/platform/crud/types';

const MIGRATIONS = resolve(import.meta.dirname, '../migrations');
const temp: string[] = [];
afterAll(() => temp.forEach((d) => rmSync(d, { recursive: true, force: true })));
const tempDir = (prefix: string) => {
  const d = mkdtempSync(join(tmpdir(), prefix));
  temp.push(d);
  return d;
};

/** The SQLSTATE and constraint of what the database refused (drizzle wraps the driver's error). */
async function refusal(p: Promise<unknown>): Promise<{ code?: string; constraint?: string }> {
  try {
    await p;
  } catch (e) {
    let cur: unknown = e;
    while (cur && typeof cur === 'object') {
      const pe = cur as { code?: unknown; constraint?: string; cause?: unknown };
      if (typeof pe.code === 'string' && /^[0-9A-Z]{5}$/.test(pe.code))
        return { code: pe.code, constraint: pe.constraint };
      cur = pe.cause;
    }
    throw e;
  }
  throw new Error('the database accepted it');
}

/** The registration with beforeSave (or beforeSaveMany) hooks wrapped: bugs that write what validation refuses. */
function withBuggyHooks(
  bugs: Record<string, (stored: Record<string, unknown>) => Record<string, unknown>>,
): ResourceDef[] {
  return resources.map((r) => {
    const bug = bugs[r.resource];
    if (!bug) return r;
    const { beforeSave: own, beforeSaveMany: ownMany } = r.hooks;
    // Whichever form the resource's hook has (products: the batch form).
    if (ownMany)
      return {
        ...r,
        hooks: { ...r.hooks, beforeSaveMany: async (items, ctx) => (await ownMany(items, ctx)).map(bug) },
      };
    return {
      ...r,
      hooks: { ...r.hooks, beforeSave: async (data, ctx) => bug(own ? await own(data, ctx) : data) },
    };
  });
}

describeOnDatabases('database constraints through the admin API on $name', (target) => {
  let t: TestApp;
  const call = (method: 'POST' | 'PUT', url: string, payload: object) =>
    t.app.inject({ method, url, headers: { authorization: t.adminToken }, payload });

  beforeAll(async () => {
    // Coupons whose hook writes a negative use count (the column is read-only: validation never sees
    // it) or no code at all; products whose hook writes a negative stock into an offer.
    const buggy = withBuggyHooks({
      coupons: (d) =>
        d.code === 'NEGATIVE' ? { ...d, usedCount: -1 } : d.code === 'NOCODE' ? { ...d, code: null } : d,
      products: (d) =>
        d.slug === 'minus-stock'
          ? { ...d, offers: (d.offers as object[]).map((o) => ({ ...o, stock: -1 })) }
          : d,
    });
    t = await startTestApp(target, { resources: buggy });
  });
  afterAll(async () => t?.close());

  // Each test that needs a coupon makes its own, under a code no other test uses (a shuffled run found the
  // coupon FULL of one test needed by two others, and colliding when they ran first).
  let seq = 0;
  const newCoupon = async (prefix: string, type: 'fixed' | 'percent', value: number) => {
    const code = `${prefix}-${++seq}`;
    const res = await call('POST', '/api/admin/coupons', { code, type, value });
    expect(res.statusCode, res.body).toBe(201);
    return { code, id: res.json<{ id: number }>().id };
  };

  it('names the referring field of a foreign key that points nowhere (not `id`)', async () => {
    const res = await call('POST', '/api/admin/coupons', {
      code: 'PERSONAL',
      type: 'fixed',
      value: 10000,
      userId: 999999,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: {
        code: 'bad_request',
        message: '«Только для покупателя»: связанная запись не найдена',
        fields: { userId: 'Связанная запись не найдена' },
      },
    });
  });

  it('answers 400 naming the field when a hook writes what a CHECK refuses', async () => {
    const res = await call('POST', '/api/admin/coupons', { code: 'NEGATIVE', type: 'fixed', value: 100 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: {
        code: 'bad_request',
        message: '«Использован, раз»: не меньше 0',
        fields: { usedCount: 'Не меньше 0' },
      },
    });
  });

  it('names a child field the way validation does (offers.stock)', async () => {
    const res = await call('POST', '/api/admin/products', {
      title: 'Минус на складе',
      slug: 'minus-stock',
      offers: [{ article: 'MINUS-1', basePrice: 100, stock: 5 }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: { message: '«Остаток»: не меньше 0', fields: { 'offers.stock': 'Не меньше 0' } },
    });
  });

  it('answers 400 naming the field of a NOT NULL column a hook left empty', async () => {
    const res = await call('POST', '/api/admin/coupons', { code: 'NOCODE', type: 'fixed', value: 100 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: { message: '«Код»: обязательное поле', fields: { code: 'Обязательное поле' } },
    });
  });

  it('keeps a percent discount within 100 % though the generic form allows any non-negative value', async () => {
    const res = await call('POST', '/api/admin/coupons', { code: 'HALFPLUS', type: 'percent', value: 150 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: {
        message: '«Размер скидки»: не больше 100, когда «Тип» — «Процент»',
        fields: { value: 'Не больше 100, когда «Тип» — «Процент»' },
      },
    });
    // A fixed discount of 150 kopecks is fine, and so is 100 % (newCoupon expects 201).
    await newCoupon('FIXED150', 'fixed', 150);
    await newCoupon('FULL', 'percent', 100);
  });

  it('answers 409 naming the field of a unique key', async () => {
    const { code } = await newCoupon('FULL', 'percent', 100);
    const again = await call('POST', '/api/admin/coupons', { code, type: 'fixed', value: 1 });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      error: {
        message: 'Значение поля «Код» уже занято другой записью',
        fields: { code: 'Значение уже занято' },
      },
    });
  });

  it('refuses impossible rows written with raw SQL, whatever writes them', async () => {
    const { db } = t.database;
    const { id: couponId } = await newCoupon('FULL', 'percent', 100);
    const cases: [string, ReturnType<typeof sql>][] = [
      ['coupons_used_count_check', sql`UPDATE coupons SET used_count = -1 WHERE id = ${couponId}`],
      ['coupons_value_if_type_check', sql`UPDATE coupons SET value = 101 WHERE id = ${couponId}`],
      [
        'user_types_discount_percent_check',
        sql`INSERT INTO user_types (title, code, discount_percent) VALUES ('x', 'x', 101)`,
      ],
      [
        'settings_bonus_accrual_percent_check',
        sql`INSERT INTO settings (shop_name, bonus_accrual_percent) VALUES ('x', -1)`,
      ],
      [
        'delivery_services_price_check',
        sql`INSERT INTO delivery_services (code, title, kind, price) VALUES ('x', 'x', 'courier', -1)`,
      ],
    ];
    for (const [constraint, statement] of cases)
      expect(await refusal(db.execute(statement)), constraint).toEqual({ code: '23514', constraint });
    // The bonus ledger is signed on purpose: a debit is a negative amount, and no bound is put on it.
    const userId = (await selectRows<{ id: number }>(db, sql`SELECT id FROM users LIMIT 1`))[0]!.id;
    await db.execute(
      sql`INSERT INTO bonus_transactions (user_id, amount, kind) VALUES (${userId}, -20000000, 'manual')`,
    );
  });

  it('keeps one unused link per account and purpose (a partial unique index)', async () => {
    const { db } = t.database;
    const userId = (await selectRows<{ id: number }>(db, sql`SELECT id FROM users LIMIT 1`))[0]!.id;
    const link = (hash: string) =>
      db.execute(sql`INSERT INTO user_tokens (user_id, purpose, token_hash, expires_at)
        VALUES (${userId}, 'password_reset', ${hash}, now() + interval '1 hour')`);
    await link('h1');
    expect(await refusal(link('h2'))).toEqual({
      code: '23505',
      constraint: 'user_tokens_user_id_purpose_key',
    });
    // Once spent, the link no longer counts: the next one goes in.
    await db.execute(sql`UPDATE user_tokens SET used_at = now() WHERE token_hash = 'h1'`);
    await link('h3');
  });
});

describeOnDatabases('the constraints migration on a shop with rows on $name', (target) => {
  // The demo shop under today's constraints is seed.test.ts's (it seeds the current schema); today's seed
  // cannot write a schema of before 0006, so the rows of that time are written here as SQL of that time.
  it('applies on a shop of before the constraints, after fixing the rows the admin could save then', async () => {
    const database = await openTestDatabase(target);
    try {
      // The database as it was before the constraints: the migrations up to 0005, then a shop's rows.
      const before = tempDir('migrations-before-');
      const all = readdirSync(MIGRATIONS)
        .filter((f) => /^\d{4}_.*\.sql$/.test(f))
        .sort();
      for (const f of all.filter((f) => f < '0006')) copyFileSync(join(MIGRATIONS, f), join(before, f));
      await migrate(database, before);
      const { db } = database;
      await db.execute(sql`INSERT INTO users (email, name) VALUES ('old@shop.test', 'Анна')`);
      // Two unused links of one purpose: two requests at the same moment could both insert one.
      for (const hash of ['old-1', 'old-2'])
        await db.execute(sql`INSERT INTO user_tokens (user_id, purpose, token_hash, expires_at)
          SELECT id, 'password_reset', ${hash}, now() + interval '1 hour' FROM users WHERE email = 'old@shop.test'`);
      // What the generic admin form accepted: a percent coupon above 100 %.
      await db.execute(sql`INSERT INTO coupons (code, type, value) VALUES ('OLD150', 'percent', 150)`);

      const ran = await migrate(database, MIGRATIONS);
      expect(ran).toEqual(all.filter((f) => f >= '0006'));
      const [coupon] = await selectRows<{ value: number }>(
        db,
        sql`SELECT value FROM coupons WHERE code = 'OLD150'`,
      );
      expect(coupon!.value).toBe(100);
      const links = await selectRows<{ token_hash: string }>(db, sql`SELECT token_hash FROM user_tokens`);
      expect(links).toEqual([{ token_hash: 'old-2' }]);
      const checks = await selectRows<{ n: number }>(
        db,
        sql`SELECT count(*)::int AS n FROM pg_constraint c JOIN pg_class r ON r.oid = c.conrelid
            WHERE c.contype = 'c' AND r.relname = 'product_offers' AND pg_table_is_visible(r.oid)`,
      );
      // The four of 0007 (prices, stock, weight) and the three sizes of 0021.
      expect(checks[0]!.n).toBe(7);
    } finally {
      await database.close();
    }
  }, 120_000);
});

describeOnDatabases('a rename migration on a table with rows on $name', (target) => {
  /** Scratch schemas: notes referencing authors. */
  function model(files: Record<string, object>) {
    const dir = tempDir('rename-schemas-');
    for (const [id, schema] of Object.entries(files))
      writeFileSync(
        join(dir, `${id}.schema.json`),
        JSON.stringify({ $id: id, additionalProperties: false, ...schema }),
      );
    return loadModel(dir);
  }
  const ID = { type: 'integer', readOnly: true, 'x-label': 'ID' };
  const authors = (id: string, more: object = {}) => ({
    title: 'Author',
    'x-label': { one: 'Автор', many: 'Авторы' },
    ...more,
    properties: { id: ID, name: { type: 'string', 'x-label': 'Имя' } },
  });
  const notes = (title: string, authorRef: string, more: object = {}, field: object = {}) => ({
    title: 'Note',
    'x-label': { one: 'Заметка', many: 'Заметки' },
    'x-list': { search: [title] },
    ...more,
    properties: {
      id: ID,
      [title]: { type: ['string', 'null'], 'x-label': 'Заголовок', 'x-db': { unique: true, ...field } },
      rank: { type: 'integer', default: 0, minimum: 0, 'x-label': 'Ранг' },
      authorId: { type: ['integer', 'null'], 'x-label': 'Автор', 'x-ref': { resource: authorRef } },
    },
  });

  it('keeps the rows, the identity and the constraints, under the new names', async () => {
    const before = model({ authors: authors('authors'), notes: notes('title', 'authors') });
    const after = model({
      writers: authors('writers', { 'x-db': { renamedFrom: 'authors' } }),
      memos: notes('heading', 'writers', { 'x-db': { renamedFrom: 'notes' } }, { renamedFrom: 'title' }),
    });
    const dir = tempDir('rename-migrations-');
    const create = diffSnapshots({ extensions: [], tables: {} }, snapshotOf(before));
    writeFileSync(join(dir, '0001_before.sql'), migrationSql(create));
    const rename = diffSnapshots(snapshotOf(before), snapshotOf(after), intentOf(after));
    expect(rename.some((s) => /DROP (TABLE|COLUMN)|ADD COLUMN|CREATE TABLE/.test(s))).toBe(false);

    const database = await openTestDatabase(target);
    try {
      const { db } = database;
      await migrate(database, dir);
      await db.execute(sql`INSERT INTO authors (name) VALUES ('Анна'), ('Борис')`);
      await db.execute(
        sql`INSERT INTO notes (title, rank, author_id) VALUES ('первая', 1, 1), ('вторая', 2, 2)`,
      );
      writeFileSync(join(dir, '0002_rename.sql'), migrationSql(rename));
      expect(await migrate(database, dir)).toEqual(['0002_rename.sql']);

      const rows = await selectRows<{ heading: string; rank: number; author_id: number }>(
        db,
        sql`SELECT heading, rank, author_id FROM memos ORDER BY id`,
      );
      expect(rows).toEqual([
        { heading: 'первая', rank: 1, author_id: 1 },
        { heading: 'вторая', rank: 2, author_id: 2 },
      ]);
      // The identity goes on from where it was.
      const [next] = await selectRows<{ id: number }>(
        db,
        sql`INSERT INTO memos (heading) VALUES ('третья') RETURNING id`,
      );
      expect(next!.id).toBe(3);
      // Every index and constraint is there under the name the schemas now give it.
      const want = snapshotOf(after);
      const indexes = await selectRows<{ indexname: string }>(
        db,
        sql`SELECT indexname FROM pg_indexes WHERE tablename IN ('memos', 'writers') AND schemaname = current_schema() ORDER BY 1`,
      );
      expect(indexes.map((r) => r.indexname)).toEqual(
        [
          ...Object.keys(want.tables.memos!.indexes),
          ...Object.keys(want.tables.writers!.indexes),
          'memos_pkey',
          'writers_pkey',
        ].sort(),
      );
      const constraints = await selectRows<{ conname: string }>(
        db,
        sql`SELECT c.conname FROM pg_constraint c JOIN pg_class r ON r.oid = c.conrelid
            WHERE r.relname = 'memos' AND c.contype IN ('c', 'f') AND pg_table_is_visible(r.oid) ORDER BY 1`,
      );
      expect(constraints.map((r) => r.conname)).toEqual(['memos_author_id_fkey', 'memos_rank_check']);
      // …and still does its work.
      expect(await refusal(db.execute(sql`INSERT INTO memos (heading) VALUES ('первая')`))).toEqual({
        code: '23505',
        constraint: 'memos_heading_key',
      });
      expect(await refusal(db.execute(sql`UPDATE memos SET rank = -1`))).toEqual({
        code: '23514',
        constraint: 'memos_rank_check',
      });
      expect(await refusal(db.execute(sql`UPDATE memos SET author_id = 99`))).toEqual({
        code: '23503',
        constraint: 'memos_author_id_fkey',
      });
      // The sequence follows the table's name too.
      const seq = await selectRows<{ s: string | null }>(
        db,
        sql`SELECT pg_get_serial_sequence('memos', 'id') AS s`,
      );
      expect(seq[0]!.s).toMatch(/memos_id_seq$/);
    } finally {
      await database.close();
    }
  });
});
