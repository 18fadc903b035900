// Responses go out compressed when the client accepts it: brotli first, else gzip; images and small answers
// as they are. On PGlite only: compression does not depend on the database.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_TARGETS, startTestApp, type TestApp } from './harness';

describe('response compression', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(DB_TARGETS[0]!, { demo: true });
  });
  afterAll(async () => {
    await t.close();
  });

  const get = (url: string, encoding?: string) =>
    t.app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });

  it('sends JSON and XML as brotli to a browser, gzip to an older client, plain to one that asks nothing', async () => {
    const plain = await get('/api/products/search?perPage=50');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(10_000);

    const br = await get('/api/products/search?perPage=50', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);

    const gzip = await get('/sitemap.xml', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toContain('<urlset');
  });

  it('leaves images and small answers as they are', async () => {
    const [first] = (await get('/api/products/search?perPage=1')).json<{
      data: { announceImageUrl: string }[];
    }>().data;
    const image = await get(first!.announceImageUrl.replace('/uploads/', '/img/320/'), 'br');
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(image.headers['content-encoding']).toBeUndefined();
    const health = await get('/api/health', 'br');
    expect(health.headers['content-encoding']).toBeUndefined();
  });
});
