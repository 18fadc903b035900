// npm run serve: starts the shop on PORT (default 3000) and stops cleanly on SIGTERM / SIGINT.
//
// The database opens first and the rest of the server's code loads meanwhile (the dynamic import below): the
// embedded database starts on a thread of its own, so on two cores the two overlap instead of adding up.
import { performance } from 'node:perf_hooks';
import type { FastifyBaseLogger } from 'fastify';
import { loadConfig } from './platform/config';
import { openDatabase } from './platform/db';

const config = loadConfig();
let log: FastifyBaseLogger | null = null;
const opening = openDatabase({
  ...config,
  onIdleConnectionLost: (err) =>
    log?.warn({ err }, 'PostgreSQL: an idle connection was lost; the pool opens another'),
});
const [{ buildApp, prepareData }, { startScheduler }, { shopTasks }] = await Promise.all([
  import('./app'),
  import('./platform/jobs/scheduler'),
  import('./tasks'),
]);
const codeLoadedMs = performance.now();
const database = await opening;
const databaseOpenMs = performance.now();
const { app, storage, metrics, listenMetrics } = await buildApp({ config, database, closesDatabase: true });
log = app.log;
await prepareData(app, database, config, storage);
// The embedded database lives in this process: if its thread dies, every later query fails. Leave with an
// error, so the process manager starts the shop again (docs/deployment.md, Restart=on-failure).
database.onLost?.((err) => {
  app.log.fatal({ err }, 'the embedded database stopped; exiting so that the shop is started again');
  process.exit(1);
});
if (config.outboxWorker) {
  const scheduler = startScheduler(shopTasks(database, config, app.log, metrics, storage), app.log, metrics);
  // Before the database closes: the batch in flight finishes and records what it sent.
  app.addHook('preClose', () => scheduler.stop());
}

let closing = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // Finish requests in flight, close the database, then leave.
    const timer = setTimeout(() => process.exit(1), 10_000);
    app.close().then(
      () => {
        clearTimeout(timer);
        process.exit(0);
      },
      (err: unknown) => {
        app.log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  });
}

await app.listen({ port: config.port, host: config.host });
// Where npm run db:backup finds the running shop's /ops/backup, beside the PGlite folder's lock.
database.dataDirLock?.update({ url: localUrl(app.server.address()) });

/** This server's address as seen from the same machine (a wildcard host is reached at loopback). */
function localUrl(address: ReturnType<typeof app.server.address>): string | undefined {
  if (!address || typeof address === 'string') return undefined;
  const wildcard = address.address === '0.0.0.0' || address.address === '::';
  const host = wildcard ? '127.0.0.1' : address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}`;
}
// GET /metrics on a port of its own, when METRICS_PORT is set (docs/deployment.md, "Watching it run").
const metricsAddress = await listenMetrics();
if (metricsAddress) app.log.info({ address: metricsAddress }, 'metrics listening');
// Milliseconds since the process started: what a slow start spent its time on.
app.log.info(
  {
    codeLoadedMs: Math.round(codeLoadedMs),
    databaseOpenMs: Math.round(databaseOpenMs),
    listeningMs: Math.round(performance.now()),
  },
  'shop started',
);
