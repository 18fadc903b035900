// "An endpoint is one contract": every API route the server registers serves a contract of
// schemas/contracts (or is the generic CRUD an entity schema declares), every contract is served once at its
// path, handlers read their request parts as the contract typed them (no casts), and the client's methods
// are the generated ones (no address of the API written by hand in client/).
import axios, { type InternalAxiosRequestConfig } from 'axios';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allContracts } from '@shop/schemas/contracts/index';
import { endpointMethods } from '../../client/generated/endpoints';
import { DB_TARGETS, startTestApp, type TestApp } from './harness';

const REPO = resolve(import.meta.dirname, '../..');
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** The TypeScript files below a folder, tests left out. */
function sources(dir: string): string[] {
  return (readdirSync(join(REPO, dir), { recursive: true }) as string[])
    .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f))
    .map((f) => join(REPO, dir, f));
}

/** `file:line: text` of every line matching. */
function linesMatching(files: string[], pattern: RegExp): string[] {
  return files.flatMap((file) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .flatMap((line, i) => (pattern.test(line) ? [`${relative(REPO, file)}:${i + 1}: ${line.trim()}`] : [])),
  );
}

describe('the routes and the contracts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(DB_TARGETS[0]!);
  });
  afterAll(async () => t.close());

  const apiRoutes = () =>
    t.routes.filter(
      (r) =>
        r.url.startsWith('/api/') &&
        !r.url.startsWith('/api/docs') &&
        r.url !== '/api/*' &&
        METHODS.includes(r.method),
    );

  it('every API route serves a contract or is an entity’s generic CRUD', () => {
    const routes = apiRoutes();
    expect(routes.length).toBeGreaterThan(150);
    expect(routes.filter((r) => r.contract).length).toBeGreaterThan(80);
    const undeclared = routes.filter((r) => !r.contract && !r.crud).map((r) => `${r.method} ${r.url}`);
    expect(undeclared).toEqual([]);
  });

  it('every contract is served once, with its method at its path', () => {
    const served = apiRoutes().filter((r) => r.contract);
    const wrong = allContracts.flatMap((c) => {
      const routes = served.filter((r) => r.contract === c.name);
      const at = routes.map((r) => `${r.method} ${r.url}`);
      return at.length === 1 && at[0] === `${c.method} /api${c.path}`
        ? []
        : [`${c.name}: ${at.join(', ') || 'not served'}`];
    });
    expect(wrong).toEqual([]);
  });
});

describe('the code around the contracts', () => {
  it('no handler casts a request part: its type is the contract’s', () => {
    const casts = linesMatching(sources('server/src'), /request\.(body|params|query|headers)\)?\s+as\s/);
    expect(casts).toEqual([]);
  });

  it('the client has no hand-written API address: its methods are generated from the contracts', () => {
    expect(linesMatching(sources('client/src'), /['"`]\/api\//)).toEqual([]);
  });

  it('the generated client calls every contract that has a caller at its path', async () => {
    const seen: { method: string; url: string }[] = [];
    const http = axios.create({
      adapter: async (config: InternalAxiosRequestConfig) => {
        seen.push({ method: config.method!.toUpperCase(), url: config.url! });
        return { data: { data: null }, status: 200, statusText: 'OK', headers: {}, config };
      },
    });
    const client = endpointMethods(http) as unknown as Record<
      string,
      Record<string, (...a: unknown[]) => Promise<unknown>>
    >;
    const missing: string[] = [];
    for (const c of allContracts.filter((c) => !c.external)) {
      const [group, method] = c.name.split('.') as [string, string];
      const call = client[group]?.[method];
      if (!call) {
        missing.push(c.name);
        continue;
      }
      // Path parameters get a sample value each ("7"); the rest of the arguments take their defaults.
      const params = [...c.path.matchAll(/:([A-Za-z0-9_]+)|\*$/g)].map(() => '7');
      const args = [...params, ...(c.body ? [{}] : []), ...(c.query ? [{}] : [])];
      seen.length = 0;
      await call(...args);
      const expected = `/api${c.path.replace(/:[A-Za-z0-9_]+|\*$/g, '7')}`;
      expect(seen, c.name).toEqual([{ method: c.method, url: expected }]);
    }
    expect(missing).toEqual([]);
  });
});
