// POST /api/admin/uploads through the real server and database: real images are stored under UPLOADS_DIR
// and get their WebP variants; a non-image or an oversized file is refused in Russian and nothing of the
// request is stored; guests get 401, customers 403.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import type { AdminApiContext } from '../src/platform/types';
import {
  imageResources,
  MAX_UPLOAD_BYTES,
  mediaRoutes,
  type UploadedImage,
} from '../src/domains/content/uploads';
import type { AuthUser } from '../src/platform/auth/sessions';
import { registerErrorHandler } from '../src/platform/http/errors';
import { LazyCompilers, registerRouteSchemas } from '../src/platform/http/route-schemas';
import type { FileStorage } from '../src/platform/storage';
import { resources } from '../generated/resources';
import { buildApp, type App } from '../src/app';
import { ensureAdmin } from '../src/domains/accounts/bootstrap';
import { loadConfig } from '../src/platform/config';
import { openDatabase, type Database } from '../src/platform/db';
import { isSafeKey, localDiskStorage } from '../src/platform/storage';
import { signedInUser, signIn } from './accounts';

interface Upload {
  name: string;
  data: Buffer;
  type: string;
}

/** A multipart/form-data body as a browser sends it, one "files" part per file. */
function multipart(files: Upload[]) {
  const boundary = `----shop${Math.random().toString(16).slice(2)}`;
  const parts = files.flatMap((f) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${f.name}"\r\n` +
        `Content-Type: ${f.type}\r\n\r\n`,
    ),
    f.data,
    Buffer.from('\r\n'),
  ]);
  return {
    payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const picture = (format: 'png' | 'jpeg' | 'webp' | 'gif' | 'avif', width = 900, height = 600) =>
  sharp({ create: { width, height, channels: 3, background: { r: 210, g: 140, b: 170 } } })
    .toFormat(format)
    .toBuffer();

/** Every file under the uploads folder except the variants: what the requests have stored. */
function storedFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && !join(e.parentPath, e.name).includes('.variants'))
    .map((e) => join(e.parentPath, e.name));
}

describe('POST /api/admin/uploads', () => {
  const uploads = mkdtempSync(join(tmpdir(), 'shop-uploads-'));
  let built: App;
  let database: Database;
  const tokens: Record<string, string> = {};

  const upload = (files: Upload[], token: string | null = tokens.admin!) => {
    const body = multipart(files);
    return built.app.inject({
      method: 'POST',
      url: '/api/admin/uploads',
      payload: body.payload,
      headers: { ...body.headers, ...(token ? { authorization: token } : {}) },
    });
  };

  beforeAll(async () => {
    const config = {
      ...loadConfig({}),
      dataDir: 'memory',
      demoData: false,
      logLevel: 'silent',
      uploadsDir: uploads,
    };
    database = await openDatabase(config);
    built = await buildApp({ config, database, logger: false });
    await ensureAdmin(
      database.db,
      { email: 'admin@test.local', password: 'admin-password-1' },
      built.app.log,
    );
    tokens.admin = await signIn(built.app, 'admin@test.local', 'admin-password-1');
    for (const role of ['content', 'customer'] as const) {
      const user = { email: `${role}@test.local`, password: `${role}-password-1`, role };
      ({ token: tokens[role] } = await signedInUser({ app: built.app, adminToken: tokens.admin }, user));
    }
  });
  afterAll(async () => {
    await built.app.close();
    await database.close();
    rmSync(uploads, { recursive: true, force: true });
  });

  it('finds the image fields in the schemas', () => {
    expect(imageResources()).toEqual(
      expect.arrayContaining(['products', 'gallery', 'banners', 'product-categories', 'reviews-on-products']),
    );
    expect(imageResources()).not.toContain('coupons');
  });

  it('stores real images of every accepted format and answers their addresses and sizes', async () => {
    const files: Upload[] = [
      { name: 'ресницы.png', data: await picture('png', 1200, 800), type: 'image/png' },
      { name: 'tray.jpg', data: await picture('jpeg'), type: 'image/jpeg' },
      { name: 'kit.webp', data: await picture('webp', 400, 300), type: 'image/webp' },
      { name: 'anim.gif', data: await picture('gif', 50, 40), type: 'image/gif' },
      { name: 'photo.avif', data: await picture('avif', 64, 48), type: 'image/avif' },
    ];
    const res = await upload(files);
    expect(res.statusCode).toBe(200);
    const data = res.json<{ data: UploadedImage[] }>().data;
    expect(data.map((d) => [d.name, d.width, d.height])).toEqual([
      ['ресницы.png', 1200, 800],
      ['tray.jpg', 900, 600],
      ['kit.webp', 400, 300],
      ['anim.gif', 50, 40],
      ['photo.avif', 64, 48],
    ]);
    for (const [i, d] of data.entries()) {
      expect(d.url).toMatch(new RegExp(`^/uploads/\\d{4}/\\d{2}/[0-9a-f-]{36}\\.(png|jpg|webp|gif|avif)$`));
      const served = await built.app.inject({ method: 'GET', url: d.url });
      expect(served.statusCode).toBe(200);
      // Stored re-encoded from its pixels (nothing else of the upload survives): the same picture, in its
      // own format, the same size, colours within a rounding of the original's.
      expect(served.rawPayload.equals(readFileSync(join(uploads, d.url.replace('/uploads/', ''))))).toBe(
        true,
      );
      const meta = await sharp(served.rawPayload).metadata();
      const original = await sharp(files[i]!.data).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual([original.format, d.width, d.height]);
      const pixel = async (data: Buffer) => [
        ...(await sharp(data).removeAlpha().raw().toBuffer()).subarray(0, 3),
      ];
      const [before, after] = [await pixel(files[i]!.data), await pixel(served.rawPayload)];
      after.forEach((c, k) => expect(Math.abs(c - before[k]!)).toBeLessThanOrEqual(8));
    }

    // The storefront's responsive variant of the new file: a WebP at the breakpoint width, cached for a year.
    const variant = await built.app.inject({
      method: 'GET',
      url: data[0]!.url.replace('/uploads/', '/img/640/'),
    });
    expect(variant.statusCode).toBe(200);
    expect(variant.headers['content-type']).toBe('image/webp');
    expect(variant.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(await sharp(variant.rawPayload).metadata()).toMatchObject({
      format: 'webp',
      width: 640,
      height: 427,
    });
  });

  it('drops the position and camera data of a phone photo, upright', async () => {
    // A portrait photo stored sideways with EXIF orientation 6 and a GPS position, as phones write them.
    const phone = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#c8a' } })
      .withMetadata({ orientation: 6 })
      .withExifMerge({
        IFD0: { Make: 'LashPhone', Model: 'X' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '55/1 45/1 0/1',
          GPSLongitudeRef: 'E',
          GPSLongitude: '37/1 37/1 0/1',
        },
      })
      .jpeg()
      .toBuffer();
    expect(phone.includes(Buffer.from('LashPhone'))).toBe(true);
    expect((await sharp(phone).metadata()).exif).toBeDefined();
    const res = await upload([{ name: 'с телефона.jpg', data: phone, type: 'image/jpeg' }]);
    expect(res.statusCode).toBe(200);
    const [stored] = res.json<{ data: UploadedImage[] }>().data;
    expect([stored!.width, stored!.height]).toEqual([200, 300]);
    const served = await built.app.inject({ method: 'GET', url: stored!.url });
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 200, height: 300 });
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation ?? 1).toBe(1);
    expect(served.rawPayload.includes(Buffer.from('LashPhone'))).toBe(false);
  });

  it('refuses a request with a file that is not an image, naming it, and stores none of its files', async () => {
    const before = storedFiles(uploads);
    const res = await upload([
      { name: 'good.png', data: await picture('png'), type: 'image/png' },
      { name: 'прайс.pdf', data: Buffer.from('%PDF-1.4 not a picture'), type: 'image/png' },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: {
        code: 'bad_upload',
        message:
          'Файл «прайс.pdf» не является изображением JPEG, PNG, WebP, AVIF или GIF. Ничего не загружено.',
      },
    });
    expect(storedFiles(uploads)).toEqual(before);
  });

  it('refuses a file with an image header but broken content, and an SVG', async () => {
    const png = await picture('png');
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
    const res = await upload([
      { name: 'cut.png', data: png.subarray(0, Math.floor(png.length / 2)), type: 'image/png' },
      { name: 'logo.svg', data: svg, type: 'image/svg+xml' },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: { message: string } }>().error.message).toBe(
      'Файл «cut.png» не является изображением JPEG, PNG, WebP, AVIF или GIF. ' +
        'Файл «logo.svg» не является изображением JPEG, PNG, WebP, AVIF или GIF. Ничего не загружено.',
    );
  });

  it('refuses a file over 10 MB, naming it, and stores nothing', async () => {
    const before = storedFiles(uploads);
    // A real PNG made larger than the limit by noise that does not compress.
    const noise = Buffer.alloc(MAX_UPLOAD_BYTES + 1024);
    for (let i = 0; i < noise.length; i += 4) noise.writeUInt32LE((Math.random() * 0xffffffff) >>> 0, i);
    const res = await upload([
      { name: 'small.jpg', data: await picture('jpeg'), type: 'image/jpeg' },
      { name: 'huge.png', data: Buffer.concat([await picture('png'), noise]), type: 'image/png' },
    ]);
    expect(res.statusCode).toBe(413);
    expect(res.json<{ error: { message: string } }>().error.message).toBe(
      'Файл «huge.png» больше 10 МБ. Ничего не загружено.',
    );
    expect(storedFiles(uploads)).toEqual(before);
  });

  it('asks for at least one file', async () => {
    const res = await upload([]);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: { message: string } }>().error.message).toBe(
      'Выберите хотя бы один файл изображения',
    );
  });

  it('answers 401 without a token and 403 to a customer; the content role may upload', async () => {
    const files = [{ name: 'a.png', data: await picture('png', 20, 20), type: 'image/png' }];
    const before = storedFiles(uploads);
    const guest = await upload(files, null);
    expect(guest.statusCode).toBe(401);
    expect(guest.json()).toEqual({ error: { code: 'unauthorized', message: 'Требуется вход' } });
    const customer = await upload(files, tokens.customer);
    expect(customer.statusCode).toBe(403);
    expect(customer.json()).toEqual({
      error: { code: 'forbidden', message: 'Недостаточно прав для загрузки изображений' },
    });
    expect(storedFiles(uploads)).toEqual(before);
    const content = await upload(files, tokens.content);
    expect(content.statusCode).toBe(200);
    expect(storedFiles(uploads)).toHaveLength(before.length + 1);
  });
});

describe('local disk storage', () => {
  const root = mkdtempSync(join(tmpdir(), 'shop-storage-'));
  const storage = localDiskStorage(root, '/uploads/');
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('puts a file under its key, answers its public address and deletes it', async () => {
    const url = await storage.put('2026/11/a.png', Buffer.from('bytes'));
    expect(url).toBe('/uploads/2026/11/a.png');
    expect(storage.url('2026/11/a.png')).toBe(url);
    expect(readFileSync(join(root, '2026/11/a.png'), 'utf8')).toBe('bytes');
    expect(readdirSync(join(root, '2026/11'))).toEqual(['a.png']);
    await storage.delete('2026/11/a.png');
    expect(existsSync(join(root, '2026/11/a.png'))).toBe(false);
    await expect(storage.delete('2026/11/a.png')).resolves.toBeUndefined();
  });

  it('writes the same key twice at once whole, leaving no part-written file (the same picture in two goods)', async () => {
    const data = Buffer.alloc(256 * 1024, 7);
    const urls = await Promise.all(Array.from({ length: 8 }, () => storage.put('same/pic.jpg', data)));
    expect(new Set(urls)).toEqual(new Set(['/uploads/same/pic.jpg']));
    expect(readdirSync(join(root, 'same'))).toEqual(['pic.jpg']);
    expect(readFileSync(join(root, 'same/pic.jpg')).equals(data)).toBe(true);
  });

  it('refuses keys that climb out of the folder or name hidden files', async () => {
    for (const key of [
      '../x.png',
      '/etc/x.png',
      'a/../../x.png',
      '.variants/320/x.webp',
      'a//b.png',
      'a\\b.png',
      '',
    ])
      expect(isSafeKey(key), key).toBe(false);
    expect(isSafeKey('2026/11/3f2a.jpg')).toBe(true);
    await expect(storage.put('../escape.png', Buffer.from('x'))).rejects.toThrow('Unsafe storage key');
    expect(existsSync(join(root, '..', 'escape.png'))).toBe(false);
  });
});

describe('uploads into another store', () => {
  /** An in-memory store standing in for S3: it can fail on the n-th file, as a full disk or a lost link would. */
  function memoryStore(failOn = Infinity) {
    const files = new Map<string, Buffer>();
    const info = (data: Buffer) => ({ size: data.length, modified: new Date(0), etag: '"memory"' });
    let puts = 0;
    const store: FileStorage = {
      url: (key) => `https://cdn.example/${key}`,
      put: async (key, data) => {
        if (++puts >= failOn) throw new Error('store unavailable');
        files.set(key, data);
        return store.url(key);
      },
      delete: async (key) => {
        files.delete(key);
      },
      head: async (key) => (files.has(key) ? info(files.get(key)!) : null),
      read: async (key) => files.get(key) ?? null,
      open: async (key) =>
        files.has(key) ? { ...info(files.get(key)!), body: Readable.from([files.get(key)!]) } : null,
      async *list(prefix) {
        for (const [key, data] of files) if (key.startsWith(prefix)) yield { key, size: data.length };
      },
    };
    return { store, files };
  }
  async function appWith(store: FileStorage, maxTotalBytes?: number) {
    // As the real server does before any route: its compilers, and the shared schemas the route names.
    const app = Fastify({ logger: false, schemaController: new LazyCompilers().schemaController });
    registerErrorHandler(app);
    registerRouteSchemas(app);
    app.decorateRequest('user', null);
    app.addHook('onRequest', async (request) => {
      request.user = { id: 1, role: 'admin' } as AuthUser;
    });
    const ctx = { resources, config: { uploadsDir: '/nonexistent' } } as unknown as AdminApiContext;
    await app.register(mediaRoutes(ctx, { storage: store, maxTotalBytes }), { prefix: '/api/admin' });
    return app;
  }
  const send = (app: Awaited<ReturnType<typeof appWith>>, files: Upload[]) =>
    app.inject({ method: 'POST', url: '/api/admin/uploads', ...multipart(files) });

  it('answers the addresses the store gives', async () => {
    const { store, files } = memoryStore();
    const app = await appWith(store);
    const res = await send(app, [
      { name: 'a.webp', data: await picture('webp', 30, 20), type: 'image/webp' },
    ]);
    expect(res.statusCode).toBe(200);
    const [image] = res.json<{ data: UploadedImage[] }>().data;
    expect(image!.url).toMatch(/^https:\/\/cdn\.example\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.webp$/);
    expect([...files.keys()]).toEqual([image!.url.replace('https://cdn.example/', '')]);
    await app.close();
  });

  it('removes the files already stored when the store fails half way', async () => {
    const { store, files } = memoryStore(3);
    const app = await appWith(store);
    const res = await send(
      app,
      pictures.map((data, i) => ({ name: `${i}.png`, data, type: 'image/png' })),
    );
    expect(res.statusCode).toBe(500);
    expect(files.size).toBe(0);
    await app.close();
  });

  it('refuses a request whose files together exceed the limit', async () => {
    const { store, files } = memoryStore();
    const app = await appWith(store, pictures[0]!.length + 10);
    const res = await send(app, [
      { name: 'a.png', data: pictures[0]!, type: 'image/png' },
      { name: 'b.png', data: pictures[1]!, type: 'image/png' },
    ]);
    expect(res.statusCode).toBe(413);
    expect(res.json<{ error: { message: string } }>().error.message).toMatch(
      /^За один раз можно отправить не больше [\d,.]+ МБ: загрузите файлы частями$/,
    );
    expect(files.size).toBe(0);
    await app.close();
  });

  let pictures: Buffer[] = [];
  beforeAll(async () => {
    pictures = await Promise.all([1, 2, 3].map((n) => picture('png', 40 * n, 30)));
  });
});
