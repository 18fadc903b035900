// /api/docs is written from the routes themselves: every API route the server registers is in the document,
// and the document describes no route that does not exist. Every route's schemas compile (the server
// compiles them on a route's first request, so a broken one would otherwise wait for its first caller).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openapiPath } from '../src/platform/http/docs';
import { describeOnDatabases, startTestApp, type TestApp } from './harness';

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

describeOnDatabases('the API document on $name', (target) => {
  let t: TestApp;
  let doc: { paths: Record<string, Record<string, unknown>> };
  beforeAll(async () => {
    t = await startTestApp(target);
    doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
  });
  afterAll(async () => {
    await t.close();
  });

  const apiRoutes = () =>
    t.routes
      .filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs') && r.url !== '/api/*')
      .filter((r) => METHODS.includes(r.method.toLowerCase()))
      .map((r) => `${r.method.toLowerCase()} ${openapiPath(r.url)}`);

  it('lists every registered API route', () => {
    const routes = apiRoutes();
    // The shop has well over a hundred endpoints; an empty list would prove nothing.
    expect(routes.length).toBeGreaterThan(150);
    const missing = routes.filter((r) => {
      const [method, path] = r.split(' ') as [string, string];
      return !doc.paths[path]?.[method];
    });
    expect(missing).toEqual([]);
  });

  it('describes no route that does not exist', () => {
    const routes = new Set(apiRoutes());
    const documented = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.keys(item)
        .filter((m) => METHODS.includes(m))
        .map((m) => `${m} ${path}`),
    );
    expect(documented.filter((d) => !routes.has(d))).toEqual([]);
  });

  it("compiles every route's validators and response serialisers", () => {
    // Several per route (params, query, body, each status's answer); most wait for their first request.
    expect(t.compilePendingSchemas()).toBeGreaterThan(300);
    expect(t.compilePendingSchemas()).toBe(0);
  });
});
