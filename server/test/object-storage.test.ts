// Pictures on an S3-compatible bucket (S3_* variables): a local S3-protocol server (s3rver, local-s3.ts) stands
// in for the service. Uploads go through the admin API into the bucket and nowhere on the local disk; /uploads/
// streams them back with the same headers and checks as local files, /img keeps its variants in the bucket, so
// a second instance on the same database and bucket serves what the first one stored; the copy command moves
// an existing uploads folder into the bucket once.
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../src/app';
import { ensureAdmin } from '../src/domains/accounts/bootstrap';
import { loadConfig } from '../src/platform/config';
import { copyFolder } from '../src/platform/storage/copy';
import { createStorage } from '../src/platform/storage';
import { signIn } from './accounts';
import { ADMIN, DB_TARGETS, openTestDatabase, startTestApp, type TestApp } from './harness';
import { SKIP_MARKS } from './harness-marks';
import { startLocalS3, type LocalS3 } from './local-s3';
import { testConfig } from './test-config';

const REPO = resolve(import.meta.dirname, '../..');

const picture = (format: 'png' | 'jpeg', width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 160 } } })
    .toFormat(format)
    .toBuffer();

/** POST /api/admin/uploads with one file, as a browser's form sends it. */
async function upload(app: App['app'], token: string, name: string, data: Buffer, type: string) {
  const form = new FormData();
  form.append('files', new Blob([new Uint8Array(data)], { type }), name);
  const request = new Request('http://shop/', { method: 'POST', body: form });
  return app.inject({
    method: 'POST',
    url: '/api/admin/uploads',
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type')!, authorization: token },
  });
}

/** Every file under a folder: what an instance wrote to its local disk. */
const filesUnder = (dir: string) =>
  readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());

let s3: LocalS3;
beforeAll(async () => {
  s3 = await startLocalS3();
});
afterAll(async () => {
  await s3?.close();
});

describe('S3 settings', () => {
  const full = {
    S3_BUCKET: 'pictures',
    S3_REGION: 'ru-central1',
    S3_ACCESS_KEY_ID: 'id',
    S3_SECRET_ACCESS_KEY: 'secret',
  };

  it('keep the local disk when none is set, and name what is missing when some are', () => {
    expect(loadConfig({}).s3).toBeNull();
    expect(() => loadConfig({ S3_BUCKET: 'pictures', S3_ENDPOINT: 'https://storage.example' })).toThrow(
      'Object storage is partly configured (S3_BUCKET, S3_ENDPOINT set): S3_REGION, S3_ACCESS_KEY_ID, ' +
        'S3_SECRET_ACCESS_KEY missing.',
    );
    expect(() => loadConfig({ ...full, S3_SECRET_ACCESS_KEY: '' })).toThrow('S3_SECRET_ACCESS_KEY missing');
    expect(() => loadConfig({ ...full, S3_FORCE_PATH_STYLE: 'yes' })).toThrow(
      'S3_FORCE_PATH_STYLE must be 1 or 0',
    );
    expect(() => loadConfig({ ...full, S3_ENDPOINT: 'storage.example' })).toThrow('S3_ENDPOINT must be');
    expect(() => loadConfig({ ...full, S3_PREFIX: 'a/../b' })).toThrow('S3_PREFIX must be');
  });

  it('read a whole set', () => {
    expect(
      loadConfig({
        ...full,
        S3_ENDPOINT: 'https://storage.example/',
        S3_FORCE_PATH_STYLE: '1',
        S3_PREFIX: '/shop/',
      }).s3,
    ).toEqual({
      endpoint: 'https://storage.example',
      bucket: 'pictures',
      region: 'ru-central1',
      accessKeyId: 'id',
      secretAccessKey: 'secret',
      forcePathStyle: true,
      prefix: 'shop/',
    });
    expect(loadConfig(full).s3).toMatchObject({ endpoint: null, forcePathStyle: false, prefix: '' });
  });
});

describe('pictures in a bucket on pglite', () => {
  const PREFIX = 'one/';
  const uploads = mkdtempSync(join(tmpdir(), 'shop-s3-local-'));
  let t: TestApp;
  let url: string;
  let key: string;

  beforeAll(async () => {
    t = await startTestApp(DB_TARGETS[0]!, { uploadsDir: uploads, config: { s3: s3.config(PREFIX) } });
    const res = await upload(t.app, t.adminToken, 'поднос.png', await picture('png', 1200, 800), 'image/png');
    expect(res.statusCode).toBe(200);
    url = res.json<{ data: { url: string }[] }>().data[0]!.url;
    key = url.replace('/uploads/', '');
  });
  afterAll(async () => {
    await t?.close();
    rmSync(uploads, { recursive: true, force: true });
  });

  it('stores an upload in the bucket and serves it at /uploads/ with the local files’ headers', async () => {
    expect(url).toMatch(/^\/uploads\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.png$/);
    const stored = await s3.get(PREFIX + key);
    expect(stored).not.toBeNull();
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(stored!)).toBe(true);
    expect(res.headers).toMatchObject({
      'content-type': 'image/png',
      'content-length': String(stored!.length),
      'cache-control': 'public, max-age=2592000',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
      'cross-origin-resource-policy': 'cross-origin',
    });
    expect(await sharp(res.rawPayload).metadata()).toMatchObject({ format: 'png', width: 1200, height: 800 });

    // A browser revalidating its copy: by tag, then by date.
    const etag = res.headers.etag as string;
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    const byTag = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
    expect(byTag.statusCode).toBe(304);
    expect(byTag.rawPayload).toHaveLength(0);
    const since = res.headers['last-modified'] as string;
    const byDate = await t.app.inject({ method: 'GET', url, headers: { 'if-modified-since': since } });
    expect(byDate.statusCode).toBe(304);
    const stale = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': '"other"' } });
    expect(stale.statusCode).toBe(200);
    expect(stale.rawPayload.equals(stored!)).toBe(true);
  });

  it('makes /img variants from the bucket and keeps them there, nothing on the local disk', async () => {
    const res = await t.app.inject({ method: 'GET', url: url.replace('/uploads/', '/img/640/') });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(await sharp(res.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 640, height: 427 });
    const variant = await s3.get(`${PREFIX}.variants/640/${key}.webp`);
    expect(variant?.equals(res.rawPayload)).toBe(true);
    const again = await t.app.inject({ method: 'GET', url: url.replace('/uploads/', '/img/640/') });
    expect(again.rawPayload.equals(res.rawPayload)).toBe(true);
    expect(await s3.keys()).toEqual(
      expect.arrayContaining([PREFIX + key, `${PREFIX}.variants/640/${key}.webp`]),
    );
    expect(filesUnder(uploads)).toEqual([]);
  });

  it('answers 404 for unsafe keys, missing objects, the variants and anything not a picture', async () => {
    // Put into the bucket by other means (a script, a copied backup): never served as a page.
    await s3.put(`${PREFIX}page.html`, '<html><script>alert(1)</script></html>');
    await s3.put(`${PREFIX}2026/01/fake.png`, 'not a picture');
    for (const path of [
      '/uploads/page.html',
      '/uploads/2026/01/missing.png',
      `/uploads/.variants/640/${key}.webp`,
      '/uploads/..%2F..%2Fetc%2Fpasswd.png',
      '/uploads/2026/01/a%5Cb.png',
      '/img/640/2026/01/missing.png',
      '/img/640/2026/01/fake.png',
      '/img/640/page.html',
      `/img/640/.variants/640/${key}.webp`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url: path });
      expect(res.statusCode, path).toBe(404);
      expect(res.body, path).not.toContain('<script>');
      expect(res.json(), path).toEqual({ error: { code: 'not_found', message: 'Изображение не найдено' } });
    }
  });

  it('refuses a non-picture upload and puts nothing in the bucket', async () => {
    const before = await s3.keys();
    const res = await upload(
      t.app,
      t.adminToken,
      'прайс.pdf',
      Buffer.from('%PDF-1.4 not a picture'),
      'image/png',
    );
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: { message: string } }>().error.message).toBe(
      'Файл «прайс.pdf» не является изображением JPEG, PNG, WebP, AVIF или GIF. Ничего не загружено.',
    );
    expect(await s3.keys()).toEqual(before);
    expect(filesUnder(uploads)).toEqual([]);
  });
});

const postgres = DB_TARGETS.find((target) => target.name === 'postgres')!;
const onPostgres = postgres.url ? describe : describe.skip;

onPostgres(
  `two instances sharing a bucket on postgres${postgres.url ? '' : ` ${SKIP_MARKS.noPostgres}`}`,
  () => {
    const PREFIX = 'two/';
    const folders = [mkdtempSync(join(tmpdir(), 'shop-s3-a-')), mkdtempSync(join(tmpdir(), 'shop-s3-b-'))];
    let database: Awaited<ReturnType<typeof openTestDatabase>>;
    let instances: App[] = [];

    beforeAll(async () => {
      database = await openTestDatabase(postgres, 'migrated');
      // Each opens its own connections to the one database, as two processes behind a load balancer would.
      instances = await Promise.all(
        folders.map((uploadsDir) =>
          buildApp({
            config: testConfig(database.url, { uploadsDir, s3: s3.config(PREFIX) }),
            logger: false,
          }),
        ),
      );
      await ensureAdmin(database.db, ADMIN, instances[0]!.app.log);
    });
    afterAll(async () => {
      for (const instance of instances) await instance.app.close();
      await database?.close();
      for (const dir of folders) rmSync(dir, { recursive: true, force: true });
    });

    it('serves from one instance the picture and variant uploaded through the other', async () => {
      const [a, b] = instances as [App, App];
      const data = await picture('jpeg', 900, 600);
      const res = await upload(
        a.app,
        await signIn(a.app, ADMIN.email, ADMIN.password),
        'кисточки.jpg',
        data,
        'image/jpeg',
      );
      expect(res.statusCode).toBe(200);
      const { url } = res.json<{ data: { url: string }[] }>().data[0]!;
      const key = url.replace('/uploads/', '');

      const original = await b.app.inject({ method: 'GET', url });
      expect(original.statusCode).toBe(200);
      expect(original.rawPayload.equals((await s3.get(PREFIX + key))!)).toBe(true);
      // The second instance makes the variant and keeps it in the bucket; the first finds it there rather
      // than making its own: it serves whatever the bucket holds under the variant's key.
      const variantUrl = url.replace('/uploads/', '/img/320/');
      const variant = await b.app.inject({ method: 'GET', url: variantUrl });
      expect(variant.statusCode).toBe(200);
      expect(await sharp(variant.rawPayload).metadata()).toMatchObject({
        format: 'webp',
        width: 320,
        height: 213,
      });
      const variantKey = `${PREFIX}.variants/320/${key}.webp`;
      expect((await s3.get(variantKey))?.equals(variant.rawPayload)).toBe(true);
      const marked = await sharp(await picture('png', 320, 213))
        .webp()
        .toBuffer();
      await s3.put(variantKey, marked);
      const fromA = await a.app.inject({ method: 'GET', url: variantUrl });
      expect(fromA.statusCode).toBe(200);
      expect(fromA.rawPayload.equals(marked)).toBe(true);
      for (const dir of folders) expect(filesUnder(dir)).toEqual([]);
    });
  },
);

describe('npm run storage:copy', () => {
  const PREFIX = 'copied/';
  const from = mkdtempSync(join(tmpdir(), 'shop-s3-copy-'));
  afterAll(() => rmSync(from, { recursive: true, force: true }));

  const run = (...args: string[]) =>
    promisify(execFile)(
      process.execPath,
      [join(REPO, 'node_modules/tsx/dist/cli.mjs'), 'server/src/platform/storage/copy-cli.ts', ...args],
      {
        cwd: REPO,
        env: { ...process.env, ...s3.env(PREFIX) },
      },
    );

  it('copies a folder into the bucket once: a second run copies nothing', async () => {
    const files: Record<string, Buffer> = {
      '2026/01/a.png': await picture('png', 40, 30),
      '2026/02/b.jpg': await picture('jpeg', 50, 20),
      'demo/cover.webp': await sharp(await picture('png', 60, 60))
        .webp()
        .toBuffer(),
      '.variants/320/2026/01/a.png.webp': Buffer.from('a variant'),
    };
    for (const [key, data] of Object.entries(files)) {
      mkdirSync(join(from, key, '..'), { recursive: true });
      writeFileSync(join(from, key), data);
    }
    // Neither a half-written file of the local store nor a hidden one goes.
    writeFileSync(join(from, '2026/01/c.png.123.456.tmp'), 'half');
    mkdirSync(join(from, '.trash'));
    writeFileSync(join(from, '.trash/old.png'), 'old');

    const first = await run('--from', from);
    for (const key of Object.keys(files)) expect(first.stdout).toContain(`copied ${key} (`);
    expect(first.stdout).toMatch(/4 files copied \(0\.0 MB\), 0 already there/);
    expect(await s3.keys()).toEqual(expect.arrayContaining(Object.keys(files).map((key) => PREFIX + key)));
    expect((await s3.keys()).filter((key) => key.startsWith(PREFIX))).toHaveLength(4);
    for (const [key, data] of Object.entries(files))
      expect((await s3.get(PREFIX + key))?.equals(data), key).toBe(true);

    const second = await run('--from', from);
    expect(second.stdout).not.toContain('copied 20');
    expect(second.stdout).toMatch(/0 files copied \(0\.0 MB\), 4 already there/);

    // A file whose size differs from the bucket's goes again; the variants stay behind when asked.
    writeFileSync(join(from, '2026/01/a.png'), await picture('png', 80, 60));
    const store = createStorage({ uploadsDir: from, s3: s3.config(PREFIX) });
    const copied: string[] = [];
    const result = await copyFolder(from, store, { variants: false, onCopied: (key) => copied.push(key) });
    expect(copied).toEqual(['2026/01/a.png']);
    expect(result).toMatchObject({ copied: 1, skipped: 2 });
  }, 40_000);
});
