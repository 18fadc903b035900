// GET /api/health/ready through the real server: 200 while the database answers and every shipped migration
// is applied; 503 with the reason while a migration is missing from the journal, and on PostgreSQL while
// the connection to the database is cut (a TCP proxy between the app and PostgreSQL that stops accepting
// and drops its connections) or hangs (the proxy holds every byte), then 200 again without a restart.
import { createServer, connect, type Server, type Socket } from 'node:net';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../src/app';
import { migrationFiles } from '../src/platform/db/migrate';
import { READY_TIMEOUT_MS } from '../src/platform/db/readiness';
import { DB_TARGETS, describeOnDatabases, openTestDatabase, startTestApp, type TestApp } from './harness';
import { SKIP_MARKS } from './harness-marks';
import { testConfig } from './test-config';

const ready = (app: FastifyInstance) => app.inject({ method: 'GET', url: '/api/health/ready' });

/** Asks again every 50 ms until the probe answers `status`; answers the answer and how long it took. */
async function until(app: FastifyInstance, status: number, withinMs: number) {
  const started = Date.now();
  for (;;) {
    const res = await ready(app);
    if (res.statusCode === status) return { res, ms: Date.now() - started };
    if (Date.now() - started > withinMs)
      throw new Error(`still ${res.statusCode} after ${withinMs} ms: ${res.body}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describeOnDatabases('readiness on $name', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(target);
  }, 60_000);
  afterAll(() => t?.close());

  it('is ready with every migration applied; liveness says nothing of migrations', async () => {
    const res = await ready(t.app);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ data: { status: 'ready', database: target.name } });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers 503 while a shipped migration is missing from the journal, 200 once it is back', async () => {
    const last = migrationFiles(testConfig(null).migrationsDir).at(-1)!;
    await t.database.db.execute(sql`DELETE FROM _migrations WHERE name = ${last}`);
    const res = await ready(t.app);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      error: { code: 'migrations_pending', message: `Не применены миграции базы данных: ${last}` },
    });
    // The process lives on: liveness is still fine.
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    await t.database.db.execute(sql`INSERT INTO _migrations (name) VALUES (${last})`);
    expect((await ready(t.app)).statusCode).toBe(200);
  });
});

/**
 * A TCP proxy to PostgreSQL that can be cut (stops accepting, drops every connection), opened again on the
 * same port, or frozen (connections stay open, nothing gets through: a database host that stopped answering).
 */
class Proxy {
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();
  private frozen = false;
  private held: [Socket, Buffer][] = [];
  port = 0;

  constructor(
    private readonly host: string,
    private readonly targetPort: number,
  ) {}

  async open(): Promise<void> {
    const server = createServer((client) => {
      const upstream = connect(this.targetPort, this.host);
      for (const [from, to] of [
        [client, upstream],
        [upstream, client],
      ] as const) {
        this.sockets.add(from);
        from.on('data', (chunk: Buffer) => (this.frozen ? this.held.push([to, chunk]) : to.write(chunk)));
        from.on('error', () => to.destroy());
        from.on('close', () => {
          this.sockets.delete(from);
          to.destroy();
        });
      }
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.port = (server.address() as { port: number }).port;
    this.server = server;
  }

  async cut(): Promise<void> {
    const server = this.server;
    this.server = null;
    const closed = new Promise((resolve) => server?.close(resolve));
    for (const socket of this.sockets) socket.destroy();
    this.held = [];
    await closed;
  }

  freeze(): void {
    this.frozen = true;
  }

  thaw(): void {
    this.frozen = false;
    for (const [to, chunk] of this.held.splice(0)) to.write(chunk);
  }
}

const postgres = DB_TARGETS[1]!;
(postgres.url ? describe : describe.skip)(
  `readiness through a connection that breaks, on postgres${postgres.url ? '' : ` ${SKIP_MARKS.noPostgres}`}`,
  () => {
    let database: Awaited<ReturnType<typeof openTestDatabase>>;
    let proxy: Proxy;
    let built: App;

    beforeAll(async () => {
      database = await openTestDatabase(postgres, 'migrated');
      const direct = new URL(database.url!);
      proxy = new Proxy(direct.hostname, Number(direct.port || 5432));
      await proxy.open();
      const proxied = new URL(direct);
      proxied.hostname = '127.0.0.1';
      proxied.port = String(proxy.port);
      // The app opens its own pool, through the proxy.
      built = await buildApp({ config: testConfig(proxied.toString()), logger: false });
    }, 60_000);
    afterAll(async () => {
      proxy.thaw();
      await built?.app.close();
      await proxy?.cut();
      await database?.close();
    });

    it('goes red within seconds when the database goes away, and green again when it is back', async () => {
      expect((await ready(built.app)).statusCode).toBe(200);

      await proxy.cut();
      const down = await until(built.app, 503, 5_000);
      expect(down.res.json()).toEqual({
        error: { code: 'database_unreachable', message: 'База данных не отвечает' },
      });
      // No address or driver detail reaches the public.
      expect(down.res.body).not.toMatch(/127\.0\.0\.1|ECONNREFUSED|5432/);
      expect((await ready(built.app)).statusCode).toBe(503);

      await proxy.open();
      const up = await until(built.app, 200, 5_000);
      expect(up.res.json()).toEqual({ data: { status: 'ready', database: 'postgres' } });
    }, 20_000);

    it('goes red after its timeout when the database stops answering, green when it answers again', async () => {
      expect((await ready(built.app)).statusCode).toBe(200);
      proxy.freeze();
      const started = Date.now();
      const res = await ready(built.app);
      const waited = Date.now() - started;
      expect(res.statusCode).toBe(503);
      expect(res.json<{ error: { code: string } }>().error.code).toBe('database_unreachable');
      expect(waited).toBeGreaterThanOrEqual(READY_TIMEOUT_MS - 50);
      expect(waited).toBeLessThan(READY_TIMEOUT_MS + 1_500);
      proxy.thaw();
      await until(built.app, 200, 5_000);
    }, 20_000);
  },
);
