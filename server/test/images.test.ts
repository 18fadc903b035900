// Responsive images: WebP variants of uploads at the spec's widths, made once and kept in the store (here the
// local disk; object-storage.test.ts runs the same route on a bucket).
import Fastify, { type FastifyInstance } from 'fastify';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerErrorHandler } from '../src/platform/http/errors';
import { ensureDemoImages } from '../src/seed/images';
import { cardName, productViewSvg, viewName } from '../src/seed/product-views';
import { IMAGE_WIDTHS, imagesPlugin, sourceKey } from '../src/platform/web/images';
import { localDiskStorage } from '../src/platform/storage';

describe('GET /img/:width/*', () => {
  const uploads = mkdtempSync(join(tmpdir(), 'shop-img-'));
  let app: FastifyInstance;
  beforeAll(async () => {
    mkdirSync(join(uploads, 'products'), { recursive: true });
    const png = await sharp({
      create: { width: 1200, height: 900, channels: 3, background: { r: 200, g: 120, b: 160 } },
    })
      .png()
      .toBuffer();
    writeFileSync(join(uploads, 'products', 'tray.png'), png);
    writeFileSync(join(uploads, 'products', 'broken.jpg'), 'not an image');
    writeFileSync(join(uploads, 'secret.txt'), 'secret');
    app = Fastify({ logger: false });
    registerErrorHandler(app);
    await app.register(imagesPlugin, { storage: localDiskStorage(uploads) });
  });
  afterAll(async () => {
    await app.close();
    rmSync(uploads, { recursive: true, force: true });
  });

  it('answers a WebP at the asked width with a long immutable cache, made once and kept on disk', async () => {
    const res = await app.inject({ method: 'GET', url: '/img/640/products/tray.png' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(res.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 640, height: 480 });

    const cached = join(uploads, '.variants', '640', 'products', 'tray.png.webp');
    expect(existsSync(cached)).toBe(true);
    const made = statSync(cached).mtimeMs;
    const again = await app.inject({ method: 'GET', url: '/img/640/products/tray.png' });
    expect(again.statusCode).toBe(200);
    expect(again.rawPayload.equals(res.rawPayload)).toBe(true);
    expect(statSync(cached).mtimeMs).toBe(made);
  });

  it('never enlarges, and makes one file for requests that arrive together', async () => {
    const all = await Promise.all(
      [1, 2, 3].map(() => app.inject({ method: 'GET', url: '/img/1536/products/tray.png' })),
    );
    for (const res of all) expect(res.statusCode).toBe(200);
    expect((await sharp(all[0]!.rawPayload).metadata()).width).toBe(1200);
  });

  it('makes the variant again when the original is newer', async () => {
    await app.inject({ method: 'GET', url: '/img/320/products/tray.png' });
    const cached = join(uploads, '.variants', '320', 'products', 'tray.png.webp');
    const old = new Date(Date.now() - 60_000);
    utimesSync(cached, old, old);
    await app.inject({ method: 'GET', url: '/img/320/products/tray.png' });
    expect(statSync(cached).mtimeMs).toBeGreaterThan(old.getTime());
  });

  it('refuses widths outside the list, and paths outside the uploads or not images', async () => {
    for (const width of [100, 500, 2000, 'abc']) {
      const res = await app.inject({ method: 'GET', url: `/img/${width}/products/tray.png` });
      expect(res.statusCode, String(width)).toBe(400);
      expect(res.json<{ error: { message: string } }>().error.message).toContain(IMAGE_WIDTHS.join(', '));
    }
    for (const path of [
      'products/missing.png',
      'secret.txt',
      '..%2F..%2Fetc%2Fpasswd.png',
      '%2E%2E/secret.png',
      '.variants/640/products/tray.png.webp',
      'products/broken.jpg',
    ]) {
      const res = await app.inject({ method: 'GET', url: `/img/640/${path}` });
      expect(res.statusCode, path).toBe(404);
      // An encoded "../" is resolved by the router before the route is chosen: nothing of ours answers it.
      if (!path.startsWith('%2E'))
        expect(res.json()).toEqual({ error: { code: 'not_found', message: 'Изображение не найдено' } });
    }
  });

  it('takes only plain relative paths of image types as keys', () => {
    expect(sourceKey('a/b.webp')).toBe('a/b.webp');
    for (const bad of [
      '../x.png',
      'a/../../x.png',
      '/etc/x.png',
      'a//b.png',
      '.hidden/x.png',
      'a\\b.png',
      'x.exe',
    ])
      expect(sourceKey(bad), bad).toBeNull();
  });
});

describe('the demo pictures', () => {
  const dirs = [mkdtempSync(join(tmpdir(), 'shop-demo-a-')), mkdtempSync(join(tmpdir(), 'shop-demo-b-'))];
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });
  // One of each view, as product drafts name them.
  const pictures = [
    cardName('palette', 'nordlash', 3, 'single', '#15131a'),
    viewName('shot', 'curls', '2a2228', 'c', 'd', 'lplus'),
    viewName('shot', 'swatch', '22408f'),
    viewName('pack', 'palette', 'velora', 'fan', '2a2228'),
    viewName('zoom', 'tweezers', 'volume', 'rose'),
    viewName('pack', 'glue', 'miralash'),
  ];

  it('are drawn by name as square WebP files, once: a second run draws nothing', async () => {
    expect(await ensureDemoImages(localDiskStorage(dirs[0]!), pictures)).toBeGreaterThan(pictures.length);
    for (const name of pictures) {
      const meta = await sharp(join(dirs[0]!, 'demo', `${name}.webp`)).metadata();
      expect(meta, name).toMatchObject({ format: 'webp', width: 800, height: 800 });
    }
    expect(await ensureDemoImages(localDiskStorage(dirs[0]!), pictures)).toBe(0);
  }, 60_000);

  it('are the same files in every uploads folder', async () => {
    await ensureDemoImages(localDiskStorage(dirs[1]!), pictures);
    for (const name of pictures) {
      const [a, b] = dirs.map((dir) => readFileSync(join(dir, 'demo', `${name}.webp`)));
      expect(a!.equals(b!), name).toBe(true);
    }
  }, 60_000);

  it('differ when what they show differs, and unknown names are refused', () => {
    const sources = new Set(
      [
        cardName('palette', 'nordlash', 3, 'single', '15131a'),
        cardName('palette', 'nordlash', 4, 'single', '15131a'),
        cardName('palette', 'silkara', 3, 'single', '15131a'),
        cardName('palette', 'nordlash', 3, 'mix', '15131a'),
        cardName('palette', 'nordlash', 3, 'single', '22408f'),
      ].map(productViewSvg),
    );
    expect(sources.size).toBe(5);
    expect(productViewSvg('card-nothing-miralash-1')).toBeNull();
    expect(productViewSvg('lashes-black')).toBeNull();
    expect(() => viewName('shot', 'curls', 'C curl')).toThrow();
    expect(() => viewName('shot', 'nothing')).toThrow();
    return expect(ensureDemoImages(localDiskStorage(dirs[1]!), ['card-nothing-x-1'])).rejects.toThrow(
      'card-nothing-x-1',
    );
  });
});
