// Once per run of the server's tests: the databases every test app starts as a copy of. Building the schema
// by the migrations and the demo shop by the seeder takes seconds on PGlite (its initdb alone about three);
// a test app then opens a copy in about one. The migrations and the seeder still run here, on both databases,
// exactly as at a first start (buildApp), and seed.test / the migration tests run them on empty ones.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildApp } from '../src/app';
import { openDatabase, type Database } from '../src/platform/db';
import { seedDemo } from '../src/seed/demo';
import { onServer } from './harness-server';
import { testConfig } from './test-config';

/** What a test database can start as: migrated (as a first start leaves it), or with the demo shop too. */
export type PreparedState = 'migrated' | 'demo';

/** The copies prepared: PGlite dump files, PostgreSQL template databases, the demo's pictures. */
export interface PreparedDatabases {
  pglite: Record<PreparedState, string>;
  postgres: Record<PreparedState, string> | null;
  demoUploads: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    preparedDatabases: PreparedDatabases | null;
    /** Where storefront-build.ts puts the run's storefront build, when a file asks for one. */
    storefrontBuildDir: string;
  }
}

/** Runs the first start's work on the database: the migrations (buildApp), then the demo shop if asked. */
async function prepare(database: Database, url: string | null, uploadsDir: string | null) {
  const built = await buildApp({
    config: testConfig(url, uploadsDir ? { uploadsDir } : {}),
    database,
    logger: false,
  });
  if (uploadsDir) await seedDemo(database.db, { storage: built.storage });
  await built.app.close();
}

async function preparePglite(dir: string, demoUploads: string): Promise<Record<PreparedState, string>> {
  const files = { migrated: join(dir, 'migrated.tar'), demo: join(dir, 'demo.tar') };
  for (const state of ['migrated', 'demo'] as const) {
    const database = await openDatabase({
      databaseUrl: null,
      dataDir: 'memory',
      pgliteCopy: state === 'demo' ? files.migrated : undefined,
    });
    try {
      await prepare(database, null, state === 'demo' ? demoUploads : null);
      await database.dumpTo!(files[state]);
    } finally {
      await database.close();
    }
  }
  return files;
}

const run = () => randomBytes(4).toString('hex');

async function preparePostgres(
  serverUrl: string,
  uploadsDir: string,
): Promise<Record<PreparedState, string>> {
  const id = run();
  const names = { migrated: `tpl_${id}_migrated`, demo: `tpl_${id}_demo` };
  for (const state of ['migrated', 'demo'] as const) {
    const template = state === 'demo' ? ` TEMPLATE ${names.migrated}` : '';
    await onServer(serverUrl, `CREATE DATABASE ${names[state]}${template}`);
    const u = new URL(serverUrl);
    u.pathname = `/${names[state]}`;
    const database = await openDatabase({ databaseUrl: u.toString(), dataDir: 'memory' });
    try {
      await prepare(database, u.toString(), state === 'demo' ? uploadsDir : null);
    } finally {
      await database.close();
    }
  }
  return names;
}

export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'shop-prepared-'));
  const demoUploads = join(dir, 'uploads');
  // Each database gets the same pictures (the seeder writes the same files); PGlite's copy is the one kept.
  const pgUploads = join(dir, 'uploads-postgres');
  const serverUrl = process.env.TEST_DATABASE_URL ?? null;
  const [pglite, postgres] = await Promise.all([
    preparePglite(dir, demoUploads),
    serverUrl ? preparePostgres(serverUrl, pgUploads) : Promise.resolve(null),
  ]);
  project.provide('preparedDatabases', { pglite, postgres, demoUploads });
  // Inside node_modules: a server started from it in another process resolves its imports as the project does.
  const storefront = join(resolve(import.meta.dirname, '../..'), 'node_modules', `.test-storefront-${run()}`);
  project.provide('storefrontBuildDir', storefront);
  return async () => {
    for (const path of [storefront, `${storefront}.lock`, `${storefront}.done`, `${storefront}.failed`])
      rmSync(path, { recursive: true, force: true });
    if (serverUrl && postgres)
      for (const name of Object.values(postgres).reverse())
        await onServer(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    rmSync(dir, { recursive: true, force: true });
  };
}
