// Test harness: a real server on a real database, PGlite in memory always, and PostgreSQL too when
// TEST_DATABASE_URL is set (CI sets it). Each PostgreSQL run gets its own schema, so test files in
// parallel never see each other's rows.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { describe, it, type TestFunction } from 'vitest';
import { signIn } from './accounts';
import { SKIP_MARKS } from './harness-marks';
import { buildApp, type App } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { openDatabase, type Database } from '../src/db';
import { ensureAdmin } from '../src/accounts/bootstrap';
import { seedDemo } from '../src/seed/demo';
import type { ResourceDef } from '../src/crud/types';

export const ADMIN = { email: 'admin@test.local', password: 'admin-password-1' };

export interface DbTarget {
  name: 'pglite' | 'postgres';
  url: string | null;
}

if (process.env.CI && !process.env.TEST_DATABASE_URL)
  throw new Error(
    'CI is set but TEST_DATABASE_URL is not: the PostgreSQL half of the suite (and every race test) would not run. ' +
      'Set TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test (as .ci/run does).',
  );

/** Both databases, always: without TEST_DATABASE_URL the PostgreSQL suites are reported as skipped. */
export const DB_TARGETS: DbTarget[] = [
  { name: 'pglite', url: null },
  { name: 'postgres', url: process.env.TEST_DATABASE_URL ?? null },
];

/**
 * One suite per database, `$name` in the title naming it. Where TEST_DATABASE_URL is missing the PostgreSQL
 * suite is still declared, as skipped, so that the run counts what it left out.
 */
export function describeOnDatabases(title: string, body: (target: DbTarget) => void): void {
  // The two suites need different names, and the reporter counts the PostgreSQL tests by " on postgres".
  if (!title.includes(' on $name'))
    throw new Error(`describeOnDatabases: the title must say "… on $name": ${title}`);
  for (const target of DB_TARGETS) {
    const name = title.replaceAll('$name', target.name);
    if (target.name === 'postgres' && !target.url)
      describe.skip(`${name} ${SKIP_MARKS.noPostgres}`, () => body(target));
    else describe(name, () => body(target));
  }
}

/**
 * A test of what happens when requests overlap. It proves something only where transactions really run at
 * the same time, so it runs on PostgreSQL and is reported as skipped on PGlite.
 */
export function itRaces(target: DbTarget, title: string, fn: TestFunction, timeout?: number): void {
  if (target.name === 'postgres') it(title, fn, timeout);
  else it.skip(`${title} ${SKIP_MARKS.race}`, fn);
}

/**
 * An empty database of the caller's own: PGlite in memory, or on PostgreSQL a fresh schema (the search path
 * set on the connection, dropped on close), so that test files in parallel never see each other's rows.
 * `url` is the connection's address (null for PGlite).
 */
export async function openTestDatabase(target: DbTarget): Promise<Database & { url: string | null }> {
  if (!target.url) return { ...(await openDatabase({ databaseUrl: null, dataDir: 'memory' })), url: null };
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: target.url });
  await admin.connect();
  // The extension lives in public, shared by every test schema; parallel files may race to create it.
  await admin.query('CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public').catch(() => undefined);
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const u = new URL(target.url);
  u.searchParams.set('options', `-c search_path=${schema},public`);
  const url = u.toString();
  const database = await openDatabase({ databaseUrl: url, dataDir: 'memory' });
  return {
    ...database,
    url,
    close: async () => {
      await database.close();
      const c = new pg.Client({ connectionString: target.url! });
      await c.connect();
      await c.query(`DROP SCHEMA ${schema} CASCADE`);
      await c.end();
    },
  };
}

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
  const database = await openTestDatabase(target);
  const config = {
    ...loadConfig({}),
    databaseUrl: database.url,
    dataDir: 'memory',
    demoData: false,
    logLevel: 'silent',
    // Tests deliver the outbox themselves (deliverOutbox), so that they know when it happened.
    outboxWorker: false,
    // Every request of a test comes from 127.0.0.1: a suite that is not about the abuse limits must not
    // trip them (accounts registers dozens of customers). Suites about limits ask for 1, production's values.
    rateLimitScale: 1000,
    ...(uploadsDir ? { uploadsDir } : {}),
    ...overrides,
  };
  const built = await buildApp({ config, database, logger: false, ...appOpts });
  await ensureAdmin(database.db, { email: ADMIN.email, password: ADMIN.password }, built.app.log);
  const adminToken = await signIn(built.app, ADMIN.email, ADMIN.password);
  return {
    ...built,
    adminToken,
    close: async () => {
      await built.app.close();
      await database.close();
    },
  };
}

/** A test app holding the demo shop, its pictures in a folder of their own (removed on close). */
export async function startDemoShop(target: DbTarget): Promise<TestApp> {
  const uploadsDir = mkdtempSync(join(tmpdir(), 'shop-uploads-'));
  const t = await startTestApp(target);
  await seedDemo(t.database.db, { uploadsDir });
  return {
    ...t,
    close: async () => {
      await t.close();
      rmSync(uploadsDir, { recursive: true, force: true });
    },
  };
}
