// The promise of the schema mechanism, kept by a test: a developer writes one new schema, runs codegen,
// and the new entity has a table (a new migration), validated admin CRUD through the API, and an admin
// resource that type-checks. Done on a scratch copy of the repository so the real one is untouched.
import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCodegen } from '../../codegen/src/main';
import { describeOnDatabases, startTestApp, type TestApp } from './harness';
import type { ResourceDef } from '../src/platform/crud/types';

const REPO = resolve(import.meta.dirname, '../..');
// Inside server/ so that the scratch's generated files resolve the server's own dependencies.
const ROOT = join(REPO, 'server/.scratch', `entity-${process.pid}`);

const SUPPLIERS = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  $id: 'suppliers',
  title: 'Supplier',
  type: 'object',
  additionalProperties: false,
  'x-entity': { table: 'suppliers', menu: 'catalog', icon: 'LocalShipping', recordTitle: 'name' },
  'x-label': { one: 'Поставщик', many: 'Поставщики' },
  'x-access': { read: ['admin', 'content'], write: ['admin'] },
  'x-list': {
    columns: ['id', 'name', 'city', 'rating', 'active'],
    search: ['name', 'city'],
    filters: ['active', 'city', { field: 'rating', ops: ['gte'] }],
  },
  required: ['name', 'email'],
  properties: {
    id: { type: 'integer', readOnly: true, 'x-label': 'ID' },
    name: { type: 'string', minLength: 2, maxLength: 120, 'x-label': 'Название', 'x-db': { unique: true } },
    email: { type: 'string', format: 'email', 'x-label': 'E-mail' },
    city: { type: ['string', 'null'], maxLength: 80, 'x-label': 'Город' },
    rating: { type: 'integer', minimum: 1, maximum: 5, default: 3, 'x-label': 'Оценка' },
    categoryIds: {
      type: 'array',
      items: { type: 'integer' },
      default: [],
      'x-label': 'Категории',
      'x-ref': { resource: 'product-categories' },
    },
    active: { type: 'boolean', default: true, 'x-label': 'Работаем' },
    createdAt: { type: 'string', format: 'date-time', readOnly: true, 'x-label': 'Добавлен' },
  },
};

describe('a new entity from one schema', () => {
  beforeAll(() => {
    rmSync(ROOT, { recursive: true, force: true });
    mkdirSync(join(ROOT, 'server'), { recursive: true });
    mkdirSync(join(ROOT, 'admin'), { recursive: true });
    cpSync(join(REPO, 'schemas'), join(ROOT, 'schemas'), {
      recursive: true,
      filter: (p) => !p.includes('node_modules'),
    });
    cpSync(join(REPO, 'server/migrations'), join(ROOT, 'server/migrations'), { recursive: true });
    cpSync(join(REPO, 'admin/generated'), join(ROOT, 'admin/generated'), { recursive: true });
    // Generated code imports the hand-written code beside it.
    symlinkSync(join(REPO, 'server/src'), join(ROOT, 'server/src'));
    symlinkSync(join(REPO, 'admin/src'), join(ROOT, 'admin/src'));
    writeFileSync(
      join(ROOT, 'schemas/entities/catalog/suppliers.schema.json'),
      JSON.stringify(SUPPLIERS, null, 2),
    );
  });
  afterAll(() => rmSync(ROOT, { recursive: true, force: true }));

  it('codegen writes the migration and every generated piece, then --check is clean', async () => {
    // The migration after the committed ones.
    const next = readdirSync(join(REPO, 'server/migrations')).filter((f) => f.endsWith('.sql')).length + 1;
    const { written } = await runCodegen(ROOT, false);
    expect(written).toEqual(
      expect.arrayContaining([
        `server/migrations/${String(next).padStart(4, '0')}_suppliers.sql`,
        'schemas/generated/types.ts',
        'schemas/generated/zod.ts',
        'server/generated/tables.ts',
        'server/generated/resources.ts',
        'admin/generated/suppliers.tsx',
      ]),
    );
    expect((await runCodegen(ROOT, true)).stale).toEqual([]);
  });

  describeOnDatabases('its API on $name', (target) => {
    let t: TestApp;
    beforeAll(async () => {
      const { resources } = (await import(join(ROOT, 'server/generated/resources.ts'))) as {
        resources: ResourceDef[];
      };
      t = await startTestApp(target, { resources, migrationsDir: join(ROOT, 'server/migrations') });
    });
    afterAll(async () => t.close());

    it('creates, lists, filters, searches, updates and deletes', async () => {
      const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
        t.app.inject({
          method,
          url,
          headers: { authorization: t.adminToken },
          ...(payload ? { payload } : {}),
        });
      const a = await call('POST', '/api/admin/suppliers', {
        name: 'Лэш Опт',
        email: 'opt@lash.ru',
        city: 'Казань',
        rating: 5,
      });
      expect(a.statusCode).toBe(201);
      expect(a.json()).toMatchObject({ name: 'Лэш Опт', rating: 5, active: true, categoryIds: [] });
      const b = await call('POST', '/api/admin/suppliers', {
        name: 'Клей Маркет',
        email: 'glue@market.ru',
        city: 'Москва',
      });
      expect(b.json()).toMatchObject({ rating: 3 });

      const bad = await call('POST', '/api/admin/suppliers', { name: 'X', email: 'not-mail', rating: 9 });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({
        error: {
          fields: {
            name: 'Не короче 2 символов',
            email: 'Неверный адрес электронной почты',
            rating: 'Не больше 5',
          },
        },
      });

      const list = await call('GET', '/api/admin/suppliers?sort=["name","ASC"]&range=[0,9]');
      expect(list.headers['content-range']).toBe('suppliers 0-1/2');
      expect(list.json<{ name: string }[]>().map((s) => s.name)).toEqual(['Клей Маркет', 'Лэш Опт']);
      const filtered = await call(
        'GET',
        `/api/admin/suppliers?filter=${encodeURIComponent('{"rating_gte":4}')}`,
      );
      expect(filtered.json<{ name: string }[]>().map((s) => s.name)).toEqual(['Лэш Опт']);
      const found = await call('GET', `/api/admin/suppliers?filter=${encodeURIComponent('{"q":"казань"}')}`);
      expect(found.json<{ name: string }[]>().map((s) => s.name)).toEqual(['Лэш Опт']);

      const id = a.json<{ id: number }>().id;
      const upd = await call('PUT', `/api/admin/suppliers/${id}`, { active: false });
      expect(upd.json()).toMatchObject({ active: false, name: 'Лэш Опт' });
      expect((await call('DELETE', `/api/admin/suppliers/${id}`)).statusCode).toBe(200);
      expect((await call('GET', `/api/admin/suppliers/${id}`)).statusCode).toBe(404);
    });
  });

  it('its admin resource type-checks against react-admin', async () => {
    const tsconfig = {
      extends: join(REPO, 'admin/tsconfig.json'),
      compilerOptions: {
        noEmit: true,
        paths: {
          '@shop/schemas': [join(ROOT, 'schemas/index.ts')],
          '@shop/schemas/*': [join(ROOT, 'schemas/*')],
        },
      },
      include: [join(ROOT, 'admin/generated/suppliers.tsx'), join(ROOT, 'admin/generated/resources.tsx')],
    };
    writeFileSync(join(ROOT, 'admin/tsconfig.scratch.json'), JSON.stringify(tsconfig));
    expect(existsSync(join(ROOT, 'admin/generated/suppliers.tsx'))).toBe(true);
    const tsc = join(REPO, 'node_modules/typescript/bin/tsc');
    const run = await promisify(execFile)(process.execPath, [
      tsc,
      '-p',
      join(ROOT, 'admin/tsconfig.scratch.json'),
    ]).then(
      () => ({ ok: true, out: '' }),
      (e: Error & { stdout?: string }) => ({ ok: false, out: e.stdout ?? e.message }),
    );
    expect(run.out).toBe('');
    expect(run.ok).toBe(true);
  }, 120_000);
});
