// The cost of a new public endpoint, kept by a test: a developer writes its contract (schemas/contracts) and
// its handler, runs codegen, and the endpoint is validated, listed in /api/docs, typed in the handler, and
// callable through a generated client method. Done on a scratch copy of the schemas, like scratch-entity.
import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import axios from 'axios';
import type { FastifyPluginAsync } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCodegen } from '../../codegen/src/main';
import { inProcessAdapter } from '../../client/src/in-process';
import { DB_TARGETS, startTestApp, type TestApp } from './harness';

const REPO = resolve(import.meta.dirname, '../..');
// Inside server/ so that the scratch's files resolve the server's own dependencies.
const ROOT = join(REPO, 'server/.scratch', `endpoint-${process.pid}`);

/** What the developer writes: the contract… */
const CONTRACT = `import { contract, envelope, failure } from './contract';

export const greeting = contract({
  name: 'scratch.greeting',
  method: 'GET',
  path: '/scratch/greetings/:name',
  tags: ['Проба'],
  summary: 'Приветствие мастеру',
  params: {
    type: 'object',
    required: ['name'],
    properties: { name: { type: 'string', minLength: 2, maxLength: 40, 'x-label': 'Имя' } },
  },
  query: {
    type: 'object',
    properties: { times: { type: 'integer', minimum: 1, maximum: 3, default: 1, 'x-label': 'Сколько раз' } },
  },
  response: {
    200: envelope({
      type: 'object',
      additionalProperties: false,
      required: ['text'],
      properties: { text: { type: 'string' } },
    }),
    400: failure('Имя короче двух букв или не то число'),
  },
});
`;

/** …and the handler: its request parts are typed by the contract (times is a number, filled by its default). */
const HANDLER = `import type { FastifyInstance } from 'fastify';
import { serve } from '${join(REPO, 'server/src/platform/http/contract')}';
import { greeting } from '../../schemas/contracts/scratch';

export async function scratchRoutes(app: FastifyInstance) {
  serve(app, greeting, async (request) => {
    const times: number = request.query.times;
    const name: string = request.params.name;
    return { data: { text: Array.from({ length: times }, () => \`Здравствуйте, \${name}!\`).join(' ') } };
  });
}
`;

describe('a new public endpoint from a contract and a handler', () => {
  let t: TestApp;
  beforeAll(async () => {
    rmSync(ROOT, { recursive: true, force: true });
    mkdirSync(join(ROOT, 'server/src'), { recursive: true });
    for (const dir of [
      'schemas',
      'server/migrations',
      'server/generated',
      'admin/generated',
      'client/generated',
    ])
      cpSync(join(REPO, dir), join(ROOT, dir), {
        recursive: true,
        filter: (p) => !p.includes('node_modules'),
      });
    writeFileSync(join(ROOT, 'schemas/contracts/scratch.ts'), CONTRACT);
    const index = join(ROOT, 'schemas/contracts/index.ts');
    writeFileSync(
      index,
      readFileSync(index, 'utf8')
        .replace(/^(import type .*\n)/m, `$1import * as scratch from './scratch';\n`)
        .replace('const modules: object[] = [', 'const modules: object[] = [scratch, '),
    );
    writeFileSync(join(ROOT, 'server/src/scratch-routes.ts'), HANDLER);
  });
  afterAll(async () => {
    await t?.close();
    rmSync(ROOT, { recursive: true, force: true });
  });

  it('codegen writes its types and its client method, then --check is clean', async () => {
    const { written } = await runCodegen(ROOT, false);
    expect(written.sort()).toEqual(['client/generated/endpoints.ts', 'schemas/generated/endpoints.ts']);
    expect(readFileSync(join(ROOT, 'client/generated/endpoints.ts'), 'utf8')).toContain('greeting: async (');
    expect((await runCodegen(ROOT, true)).stale).toEqual([]);
  });

  it('is served, validated and in /api/docs, and the generated client calls it', async () => {
    const { scratchRoutes } = (await import(
      pathToFileURL(join(ROOT, 'server/src/scratch-routes.ts')).href
    )) as {
      scratchRoutes: FastifyPluginAsync;
    };
    t = await startTestApp(DB_TARGETS[0]!, { moreApi: [scratchRoutes] });
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, { summary: string }>>;
    }>();
    expect(doc.paths['/api/scratch/greetings/{name}']?.get?.summary).toBe('Приветствие мастеру');

    const { endpointMethods } = (await import(
      pathToFileURL(join(ROOT, 'client/generated/endpoints.ts')).href
    )) as {
      endpointMethods: (http: ReturnType<typeof axios.create>) => {
        scratch: { greeting: (name: string, query?: { times?: number }) => Promise<{ text: string }> };
      };
    };
    const client = endpointMethods(
      axios.create({
        baseURL: 'http://shop.test',
        adapter: inProcessAdapter(async (r) => {
          const res = await t.app.inject({ method: r.method as 'GET', url: r.url, headers: r.headers });
          return { status: res.statusCode, headers: res.headers, body: res.rawPayload };
        }),
      }),
    );
    expect(await client.scratch.greeting('Анна', { times: 2 })).toEqual({
      text: 'Здравствуйте, Анна! Здравствуйте, Анна!',
    });
    // Fastify checks the path before the query: one bad part at a time.
    const short = await t.app.inject({ method: 'GET', url: '/api/scratch/greetings/А' });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ error: { fields: { name: 'Не короче 2 символов' } } });
    const many = await t.app.inject({ method: 'GET', url: '/api/scratch/greetings/Анна?times=5' });
    expect(many.statusCode).toBe(400);
    expect(many.json()).toMatchObject({ error: { fields: { times: 'Не больше 3' } } });
  });

  it('its handler type-checks against the generated types (and a wrong part would not)', async () => {
    const tsc = (include: string) => {
      const config = {
        extends: join(REPO, 'tsconfig.base.json'),
        compilerOptions: {
          noEmit: true,
          types: ['node'],
          paths: { '@shop/schemas/*': [join(ROOT, 'schemas/*')] },
        },
        include: [include],
      };
      writeFileSync(join(ROOT, 'tsconfig.scratch.json'), JSON.stringify(config));
      return promisify(execFile)(process.execPath, [
        join(REPO, 'node_modules/typescript/bin/tsc'),
        '-p',
        join(ROOT, 'tsconfig.scratch.json'),
      ]).then(
        () => '',
        (e: Error & { stdout?: string }) => e.stdout ?? e.message,
      );
    };
    expect(await tsc(join(ROOT, 'server/src/scratch-routes.ts'))).toBe('');
    // Reading a part the contract does not have fails the build, not production.
    writeFileSync(
      join(ROOT, 'server/src/scratch-wrong.ts'),
      HANDLER.replace('request.params.name', 'request.params.nickname'),
    );
    expect(await tsc(join(ROOT, 'server/src/scratch-wrong.ts'))).toContain(
      "Property 'nickname' does not exist",
    );
  }, 120_000);
});
