// @vitest-environment node
// The API calls of server rendering name the visitor: the API's abuse limits (a review form, the newsletter
// unsubscribe page) must count the visitor's address, not the storefront's own one allowance for everyone.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AppLoadContext } from 'react-router';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { rememberCartToken, serverApi } from './api.server';

let server: Server;
let apiBaseURL = '';
let seen: IncomingHttpHeaders[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push(req.headers);
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ data: [], meta: { total: 0, page: 1, perPage: 10 } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  apiBaseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

it("forwards the visitor's address in X-Forwarded-For, with the visitor's token", async () => {
  seen = [];
  const context: AppLoadContext = {
    apiBaseURL,
    requestCookie: 'auth.token=tok123',
    clientIp: '203.0.113.7',
  };
  await serverApi(context).content.siteReviews({ page: 1 });
  expect(seen[0]!['x-forwarded-for']).toBe('203.0.113.7');
  expect(seen[0]!.authorization).toBe('tok123');
});

it('sends no address it does not know', async () => {
  seen = [];
  await serverApi({ apiBaseURL, requestCookie: undefined }).content.siteReviews({ page: 1 });
  expect(seen[0]!['x-forwarded-for']).toBeUndefined();
});

it("sends the guest's cart token as X-Cart-Token: the cookie's, or one the API gave out in this request", async () => {
  seen = [];
  const context: AppLoadContext = { apiBaseURL, requestCookie: 'cartToken=from-cookie-token' };
  await serverApi(context).content.siteReviews({ page: 1 });
  rememberCartToken(context, 'fresh-token');
  await serverApi(context).content.siteReviews({ page: 1 });
  await serverApi({ apiBaseURL, requestCookie: undefined }).content.siteReviews({ page: 1 });
  expect(seen.map((h) => h['x-cart-token'])).toEqual(['from-cookie-token', 'fresh-token', undefined]);
});
