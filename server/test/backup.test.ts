// Backups (platform/backup/): a shop with the demo data plus a picture, a product, a customer and an order
// made through the API is backed up while requests are being served — on PGlite through the running shop's
// GET /ops/backup, on PostgreSQL by npm run db:backup's own connection — and restored into an empty shop,
// which then answers the same order, customer and product and serves the same picture bytes. Bad files and
// non-empty databases are refused with nothing changed; PGlite's backup restores into PostgreSQL and the
// reverse.
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../src/app';
import { backupCommand, restoreCommand } from '../src/platform/backup/commands';
import { folderPictures } from '../src/platform/backup/pictures';
import { databaseState, restoreBackup, verifyBackup } from '../src/platform/backup/restore';
import { openDatabase, selectRows, type Database } from '../src/platform/db';
import { LOCK_FILE } from '../src/platform/db/data-dir-lock';
import { signIn, signedInUser } from './accounts';
import {
  ADMIN,
  DB_TARGETS,
  describeOnDatabases,
  openTestDatabase,
  startTestApp,
  type TestApp,
} from './harness';
import { SKIP_MARKS } from './harness-marks';
import { onServer } from './harness-server';
import { adminCreate, createServices, fillCart, productWithOffer, request } from './shop-fixtures';
import { testConfig } from './test-config';

const TOKEN = 'backup-token-for-tests-0123456789abcdef';
const MIGRATIONS = testConfig(null).migrationsDir;
const work = mkdtempSync(join(tmpdir(), 'shop-backup-test-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The backups each suite took, for the cross-database restores at the end. */
const taken: Partial<Record<'pglite' | 'postgres', string>> = {};

/** What the API made, to be found again after the restore. */
interface Made {
  picture: string;
  productId: number;
  offerId: number;
  customerId: number;
  orderId: number;
}

/** A picture, a product showing it, a customer and the customer's order, made as the staff and a shopper would. */
async function makeThroughApi(t: TestApp): Promise<Made> {
  const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#d28caa' } })
    .png()
    .toBuffer();
  const boundary = '----backup-test';
  const upload = await t.app.inject({
    method: 'POST',
    url: '/api/admin/uploads',
    headers: { authorization: t.adminToken, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="lashes.png"\r\n` +
          'Content-Type: image/png\r\n\r\n',
      ),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  });
  expect(upload.statusCode, upload.body).toBe(200);
  const picture = upload.json<{ data: { url: string }[] }>().data[0]!.url;
  const { productId, offerId } = await productWithOffer(t, {
    price: 125_000,
    stock: 40,
    slug: 'backup-lashes',
    title: 'Ресницы для резервной копии',
    images: [{ url: picture, alt: 'Ресницы' }],
  });
  const customer = await signedInUser(t, {
    email: 'backup-customer@test.local',
    password: 'customer-password-1',
    name: 'Ирина Резервная',
  });
  const ids = await createServices(t, ['pickup', 'cash'], {
    pickup: { code: 'bk_self' },
    cash: { code: 'bk_cash' },
  });
  const cart = await fillCart(t, [[offerId, 3]], { authorization: customer.token });
  const order = await request(t, 'POST', '/api/orders', cart, {
    customerName: 'Ирина Резервная',
    customerPhone: '+7 (912) 000-11-22',
    customerEmail: 'backup-customer@test.local',
    deliveryServiceId: ids.pickup,
    paymentServiceId: ids.cash,
    consent: true,
  });
  expect(order.statusCode, order.body).toBe(201);
  const { number } = order.json<{ data: { number: string } }>().data;
  const [{ id: orderId }] = (await selectRows<{ id: number }>(
    t.database.db,
    sql`SELECT id FROM orders WHERE number = ${number}`,
  )) as [{ id: number }];
  await adminCreate(t, '/api/admin/coupons', { code: 'BACKUP5', type: 'percent', value: 5 });
  return { picture, productId, offerId, customerId: customer.id, orderId };
}

/**
 * Shoppers and the staff at work until stopped: catalogue pages, carts filled (writes), the admin's lists.
 * Answers how many requests were served, every one of which must have succeeded.
 */
function serveRequests(t: TestApp, offerId: number) {
  let stopped = false;
  let served = 0;
  const failures: string[] = [];
  const worker = async (n: number) => {
    while (!stopped) {
      // A pause between requests, as clients across a network leave (an answer from memory would otherwise
      // never leave the microtask queue and starve everything else).
      await new Promise((resolve) => setTimeout(resolve, 10));
      const res =
        n % 3 === 0
          ? await request(t, 'POST', '/api/cart/items', {}, { offerId, quantity: 1 })
          : n % 3 === 1
            ? await request(t, 'GET', '/api/products/search?perPage=12')
            : await request(t, 'GET', '/api/admin/orders?range=[0,9]', { authorization: t.adminToken });
      if (res.statusCode >= 400) failures.push(`${res.statusCode} ${res.body}`);
      served++;
    }
  };
  const workers = [0, 1, 2].map(worker);
  return async () => {
    stopped = true;
    await Promise.all(workers);
    return { served, failures };
  };
}

/** The shop's rows as the admin API shows them: what must come back the same. */
async function shown(app: App['app'], token: string, made: Made) {
  const get = async (url: string) => {
    const res = await app.inject({ method: 'GET', url, headers: { authorization: token } });
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.json<unknown>();
  };
  return {
    order: await get(`/api/admin/orders/${made.orderId}`),
    customer: await get(`/api/admin/users/${made.customerId}`),
    product: await get(`/api/admin/products/${made.productId}`),
  };
}

async function rowCounts(database: Database, tables: string[]): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const [row] = await selectRows<{ n: string }>(
      database.db,
      sql`SELECT count(*)::text AS n FROM ${sql.identifier(table)}`,
    );
    counts[table] = Number(row!.n);
  }
  return counts;
}

/** Every file of a folder (relative names), hidden ones (the variants) aside. */
function files(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && !join(e.parentPath, e.name).includes('/.'))
    .map((e) => join(e.parentPath, e.name).slice(dir.length + 1))
    .sort();
}

describeOnDatabases('backup and restore on $name', (target) => {
  let source: TestApp;
  let made: Made;
  const sourceUploads = join(work, `${target.name}-source-uploads`);
  const file = join(work, `${target.name}.tar.gz`);

  beforeAll(async () => {
    source = await startTestApp(target, {
      demo: true,
      uploadsDir: sourceUploads,
      config: { backupToken: TOKEN },
    });
    made = await makeThroughApi(source);
  });
  afterAll(async () => {
    await source?.close();
  });

  it('takes a backup while requests are served and restores it into an empty shop: the same rows and pictures', async () => {
    const stop = serveRequests(source, made.offerId);
    if (target.name === 'pglite') {
      // The running shop takes it (its PGlite folder admits no second process).
      const refused = await source.app.inject({
        method: 'GET',
        url: '/ops/backup',
        headers: { authorization: 'Bearer wrong' },
      });
      expect(refused.statusCode).toBe(401);
      const res = await source.app.inject({
        method: 'GET',
        url: '/ops/backup',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
      expect(res.headers['content-type']).toBe('application/gzip');
      writeFileSync(file, res.rawPayload);
    } else {
      const printed: string[] = [];
      await backupCommand(['--out', file], {
        env: {
          DATABASE_URL: (source.database as Database & { url: string }).url,
          UPLOADS_DIR: sourceUploads,
        },
        print: (line) => printed.push(line),
      });
      expect(printed.join('\n')).toMatch(
        /^backup written: .+\.tar\.gz \([\d.]+ (KB|MB), [\d.]+ s, postgres: \d+ tables, \d+ rows, \d+ pictures/,
      );
    }
    const { served, failures } = await stop();
    expect(failures).toEqual([]);
    expect(served).toBeGreaterThan(3);
    taken[target.name] = file;

    const { manifest, pictures } = await verifyBackup(file);
    expect(manifest.database).toBe(target.name);
    const byName = Object.fromEntries(manifest.tables.map((t) => [t.name, t.rows]));
    expect(byName.orders).toBeGreaterThan(10); // the demo's month of orders and ours
    expect(manifest.sequences.some((s) => s.name.startsWith('order_number_'))).toBe(true);
    expect(pictures.files).toBe(files(sourceUploads).length);

    // An empty shop: migrated, no row (what a first start leaves before it creates anything).
    const empty = await openTestDatabase(target, 'migrated');
    const uploads = mkdtempSync(join(work, 'restored-'));
    try {
      const result = await restoreBackup(
        file,
        { database: empty, pictures: folderPictures(uploads) },
        { migrationsDir: MIGRATIONS },
      );
      expect(result.picturesWritten).toBe(pictures.files);
      expect(await rowCounts(empty, Object.keys(byName))).toEqual(byName);
      expect(files(uploads)).toEqual(files(sourceUploads));

      const restored = await buildApp({
        config: testConfig(empty.url, { uploadsDir: uploads }),
        database: empty,
        logger: false,
      });
      try {
        // The administrator's password came along; so did the order, the customer and the product.
        const token = await signIn(restored.app, ADMIN.email, ADMIN.password);
        expect(await shown(restored.app, token, made)).toEqual(
          await shown(source.app, source.adminToken, made),
        );
        const served = await restored.app.inject({ method: 'GET', url: made.picture });
        expect(served.statusCode).toBe(200);
        expect(
          served.rawPayload.equals(readFileSync(join(sourceUploads, made.picture.replace('/uploads/', '')))),
        ).toBe(true);
        // The sequences were set: a new product gets a new id, and the year's order numbers go on.
        const next = await productWithOffer(
          { app: restored.app, adminToken: token },
          { price: 100, stock: 1 },
        );
        expect(next.productId).toBeGreaterThan(made.productId);
      } finally {
        await restored.app.close();
      }
    } finally {
      await empty.close();
      rmSync(uploads, { recursive: true, force: true });
    }
  });

  // PGlite only: a PostgreSQL shop's backup never goes through the shop.
  if (target.name === 'pglite')
    it('npm run db:backup asks the running shop that holds the PGlite folder, and nothing else opens it', async () => {
      // The folder as a running shop leaves it: its lock file, naming a live process and the shop's address.
      const dataDir = mkdtempSync(join(work, 'data-'));
      const shopProcess = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
      const url = await source.app.listen({ port: 0, host: '127.0.0.1' });
      try {
        writeFileSync(
          join(dataDir, LOCK_FILE),
          JSON.stringify({ pid: shopProcess.pid, holder: 'the shop', since: new Date().toISOString(), url }),
        );
        const env = { DATA_DIR: dataDir, UPLOADS_DIR: join(work, 'unused-uploads') };
        await expect(backupCommand([], { env, print: () => undefined })).rejects.toThrow(
          /is held by the shop \(process \d+\).*Set BACKUP_TOKEN/,
        );
        await expect(restoreCommand([file], { env, print: () => undefined })).rejects.toThrow(
          /in use by the shop \(process \d+.*Stop it/,
        );
        await expect(openDatabase({ databaseUrl: null, dataDir })).rejects.toThrow(/in use by the shop/);
        const printed: string[] = [];
        const out = join(work, 'through-the-shop.tar.gz');
        const result = await backupCommand(['--out', out], {
          env: { ...env, BACKUP_TOKEN: TOKEN },
          print: (line) => printed.push(line),
        });
        expect(result.via).toBe('shop');
        expect(printed[0]).toMatch(
          /^backup written: .*through-the-shop\.tar\.gz .* through the running shop/,
        );
        expect(result.manifest.tables.find((t) => t.name === 'orders')!.rows).toBeGreaterThan(10);
        await expect(
          backupCommand(['--out', out], {
            env: { ...env, BACKUP_TOKEN: `${TOKEN}-other` },
            print: () => undefined,
          }),
        ).rejects.toThrow(/BACKUP_TOKEN differs from the shop's/);
        // Once its process is gone the lock is stale: a backup opens the folder itself (here: no database yet).
        shopProcess.kill();
        await new Promise((resolve) => shopProcess.once('exit', resolve));
        await expect(backupCommand([], { env, print: () => undefined })).rejects.toThrow(/No database in/);
      } finally {
        shopProcess.kill();
        await new Promise((resolve) => source.app.server.close(resolve));
      }
    });

  it('refuses a bad file and a shop that is not empty, with a clear message and nothing changed', async () => {
    const whole = readFileSync(file);
    const bad = {
      truncated: [whole.subarray(0, Math.floor(whole.length * 0.6)), /cut short \(truncated\)/],
      'not gzip': [Buffer.from('name,price\nRose,100\n'), /not a gzip file/],
      'another gzip': [gzipSync(Buffer.alloc(4096, 1)), /damaged|not a backup/],
    } as const;
    const empty = await openTestDatabase(target, 'migrated');
    const uploads = mkdtempSync(join(work, 'refused-'));
    try {
      for (const [name, [data, message]] of Object.entries(bad)) {
        const path = join(work, `${target.name}-${name.replace(' ', '-')}.tar.gz`);
        writeFileSync(path, data);
        await expect(
          restoreBackup(
            path,
            { database: empty, pictures: folderPictures(uploads) },
            { migrationsDir: MIGRATIONS },
          ),
          name,
        ).rejects.toThrow(message);
      }
      expect((await databaseState(empty)).tablesWithRows).toEqual([]);
      expect(files(uploads)).toEqual([]);

      // The source shop holds data: refused without force, whatever the file.
      await expect(
        restoreBackup(
          file,
          { database: source.database, pictures: folderPictures(uploads) },
          { migrationsDir: MIGRATIONS },
        ),
      ).rejects.toThrow(/not empty: it has rows in orders, users, products, /);
      expect(files(uploads)).toEqual([]);
    } finally {
      await empty.close();
      rmSync(uploads, { recursive: true, force: true });
    }
  });
});

// How an owner moves from the demo to PostgreSQL, and back: npm run db:restore of the other database's backup.
const postgresUrl = DB_TARGETS.find((t) => t.name === 'postgres')!.url;
const crossTitle = 'a backup restores into the other database';
(postgresUrl ? describe : describe.skip)(
  postgresUrl ? crossTitle : `${crossTitle} ${SKIP_MARKS.noPostgres}`,
  () => {
    // A brand-new PostgreSQL database: no table at all, the migrations run first.
    const name = `bk_${Date.now().toString(36)}`;
    const env = { DATABASE_URL: '', UPLOADS_DIR: join(work, 'cross-uploads') };
    beforeAll(async () => {
      await onServer(postgresUrl!, `CREATE DATABASE ${name}`);
      const u = new URL(postgresUrl!);
      u.pathname = `/${name}`;
      env.DATABASE_URL = u.toString();
    });
    afterAll(async () => {
      await onServer(postgresUrl!, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    });

    it("PGlite's into a new PostgreSQL database with npm run db:restore", async () => {
      const printed: string[] = [];
      const result = await restoreCommand([taken.pglite!], { env, print: (l) => printed.push(l) });
      expect(printed[0]).toMatch(/^restored .* into postgres .*the pglite backup of/);
      expect(result.manifest.database).toBe('pglite');
      const restored = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: 'memory' });
      try {
        const counts = Object.fromEntries(result.manifest.tables.map((t) => [t.name, t.rows]));
        expect(await rowCounts(restored, Object.keys(counts))).toEqual(counts);
      } finally {
        await restored.close();
      }
    });

    it('again: refused, the database now holds a shop; --force replaces it', async () => {
      await expect(restoreCommand([taken.pglite!], { env, print: () => undefined })).rejects.toThrow(
        /Refused: the database is not empty.*--force/s,
      );
      const forced = await restoreCommand([taken.postgres!, '--force'], { env, print: () => undefined });
      expect(forced.manifest.database).toBe('postgres');
      expect(forced.dropped).toBeGreaterThan(50);
    });

    it("PostgreSQL's into an empty PGlite", async () => {
      const pglite = await openTestDatabase(DB_TARGETS[0]!, 'migrated');
      const uploads = mkdtempSync(join(work, 'cross-'));
      try {
        const { manifest } = await restoreBackup(
          taken.postgres!,
          { database: pglite, pictures: folderPictures(uploads) },
          { migrationsDir: MIGRATIONS },
        );
        const counts = Object.fromEntries(manifest.tables.map((t) => [t.name, t.rows]));
        expect(await rowCounts(pglite, Object.keys(counts))).toEqual(counts);
      } finally {
        await pglite.close();
        rmSync(uploads, { recursive: true, force: true });
      }
    });
  },
);
