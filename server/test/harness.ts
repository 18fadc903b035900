// Test harness: a real server on a real database, PGlite in memory always, and PostgreSQL too when
// TEST_DATABASE_URL is set (CI sets it). Each test app gets a database of its own, so test files in
// parallel never see each other's rows. It starts as a copy of one prepared once per run (global-setup.ts):
// migrated, or holding the demo shop; a PGlite opened from a copy skips initdb, the slow part of its start.
import type { FastifyPluginAsync } from 'fastify';
import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, inject, it, type TestFunction } from 'vitest';
import type { DestinationStream } from 'pino';
import { signIn } from './accounts';
import type { PreparedDatabases, PreparedState } from './global-setup';
import { SKIP_MARKS } from './harness-marks';
import { onServer } from './harness-server';
import { testConfig } from './test-config';
import { buildApp, type App } from '../src/app';
import type { Config } from '../src/platform/config';
import { openDatabase, type Database } from '../src/platform/db';
import { ensureAdmin } from '../src/domains/accounts/bootstrap';
import { seedDemo } from '../src/seed/demo';
import type { ResourceDef } from '../src/platform/crud/types';

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

/** Null where this file runs outside the server project's vitest run (a script): then everything is built. */
function preparedDatabases(): PreparedDatabases | null {
  try {
    return inject('preparedDatabases') ?? null;
  } catch {
    return null;
  }
}

/**
 * A database of the caller's own: PGlite in memory, or on PostgreSQL a database of its own (dropped on
 * close). Empty, or a copy of a prepared one (`from`) when this run prepared it. `url` is the connection's
 * address (null for PGlite).
 */
export async function openTestDatabase(
  target: DbTarget,
  from?: PreparedState,
): Promise<Database & { url: string | null }> {
  const prepared = preparedDatabases();
  if (!target.url) {
    const pgliteCopy = from && prepared ? prepared.pglite[from] : undefined;
    return { ...(await openDatabase({ databaseUrl: null, dataDir: 'memory', pgliteCopy })), url: null };
  }
  const name = `t_${randomBytes(6).toString('hex')}`;
  const template = from && prepared?.postgres ? ` TEMPLATE ${prepared.postgres[from]}` : '';
  await onServer(target.url, `CREATE DATABASE ${name}${template}`);
  const u = new URL(target.url);
  u.pathname = `/${name}`;
  const url = u.toString();
  const database = await openDatabase({ databaseUrl: url, dataDir: 'memory' });
  return {
    ...database,
    url,
    close: async () => {
      await database.close();
      await onServer(target.url!, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
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
    /** Endpoints under /api besides the shop's (the scratch-endpoint test). */
    moreApi?: FastifyPluginAsync[];
    migrationsDir?: string;
    uploadsDir?: string;
    /** Settings over the defaults (SMTP_URL, SMS.ru address…). */
    config?: Partial<Config>;
    /** The demo shop in the database and its pictures in the uploads folder. */
    demo?: boolean;
    /** The app logs here (at config.logLevel); otherwise it does not log. */
    logStream?: DestinationStream;
  } = {},
): Promise<TestApp> {
  const { config: overrides, demo = false, ...appOpts } = opts;
  const prepared = preparedDatabases();
  // Other migrations than the shop's start from an empty database: they are what is being tested.
  const from = prepared && !opts.migrationsDir ? (demo ? 'demo' : 'migrated') : undefined;
  const ownUploads = demo && !opts.uploadsDir ? mkdtempSync(join(tmpdir(), 'shop-uploads-')) : null;
  const uploadsDir = opts.uploadsDir ?? ownUploads ?? undefined;
  if (from === 'demo') cpSync(prepared!.demoUploads, uploadsDir!, { recursive: true });
  const database = await openTestDatabase(target, from);
  const config = testConfig(database.url, { ...(uploadsDir ? { uploadsDir } : {}), ...overrides });
  const built = await buildApp({ config, database, logger: false, ...appOpts });
  if (demo && from !== 'demo') await seedDemo(database.db, { storage: built.storage });
  await ensureAdmin(database.db, { email: ADMIN.email, password: ADMIN.password }, built.app.log);
  const adminToken = await signIn(built.app, ADMIN.email, ADMIN.password);
  return {
    ...built,
    adminToken,
    close: async () => {
      await built.app.close();
      await database.close();
      if (ownUploads) rmSync(ownUploads, { recursive: true, force: true });
    },
  };
}

/** A test app holding the demo shop, its pictures in a folder of their own (removed on close). */
export function startDemoShop(target: DbTarget): Promise<TestApp> {
  return startTestApp(target, { demo: true });
}
