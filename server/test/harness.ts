// Test harness: a real server on a real database, PGlite in memory always, and PostgreSQL too when
// TEST_DATABASE_URL is set (CI sets it). Each PostgreSQL run gets its own schema, so test files in
// parallel never see each other's rows.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { buildApp, type App } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import type { ResourceDef } from '../src/crud/resource';
import { openDatabase } from '../src/db';
import { ensureAdmin } from '../src/auth/bootstrap';

export const ADMIN = { email: 'admin@test.local', password: 'admin-password-1' };

export interface DbTarget {
  name: 'pglite' | 'postgres';
  url: string | null;
}

export const DB_TARGETS: DbTarget[] = [
  { name: 'pglite', url: null },
  ...(process.env.TEST_DATABASE_URL
    ? [{ name: 'postgres' as const, url: process.env.TEST_DATABASE_URL }]
    : []),
];

export interface TestApp extends App {
  adminToken: string;
  close(): Promise<void>;
}

export async function startTestApp(
  target: DbTarget,
  opts: {
    resources?: ResourceDef[];
    migrationsDir?: string;
    uploadsDir?: string;
    /** Settings over the defaults (SMTP_URL, SMS.ru address…). */
    config?: Partial<Config>;
  } = {},
): Promise<TestApp> {
  const { uploadsDir, config: overrides, ...appOpts } = opts;
  let url: string | null = null;
  let dropSchema: (() => Promise<void>) | null = null;
  if (target.url) {
    const schema = `t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: target.url });
    await admin.connect();
    // The extension lives in public, shared by every test schema; parallel files may race to create it.
    await admin.query('CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public').catch(() => undefined);
    await admin.query(`CREATE SCHEMA ${schema}`);
    await admin.end();
    const u = new URL(target.url);
    u.searchParams.set('options', `-c search_path=${schema},public`);
    url = u.toString();
    dropSchema = async () => {
      const c = new pg.Client({ connectionString: target.url! });
      await c.connect();
      await c.query(`DROP SCHEMA ${schema} CASCADE`);
      await c.end();
    };
  }
  const config = {
    ...loadConfig({}),
    databaseUrl: url,
    dataDir: 'memory',
    demoData: false,
    logLevel: 'silent',
    // Tests deliver the outbox themselves (deliverOutbox), so that they know when it happened.
    outboxWorker: false,
    ...(uploadsDir ? { uploadsDir } : {}),
    ...overrides,
  };
  const database = await openDatabase(config);
  const built = await buildApp({ config, database, logger: false, ...appOpts });
  await ensureAdmin(database.db, { email: ADMIN.email, password: ADMIN.password }, built.app.log);
  const res = await built.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { login: ADMIN.email, password: ADMIN.password },
  });
  const adminToken = res.json<{ data: { token: string } }>().data.token;
  return {
    ...built,
    adminToken,
    close: async () => {
      await built.app.close();
      await database.close();
      await dropSchema?.();
    },
  };
}
