// npm run serve: starts the shop on PORT (default 3000) and stops cleanly on SIGTERM / SIGINT.
import { buildApp, prepareData } from './app';
import { loadConfig } from './platform/config';
import { startScheduler } from './platform/jobs/scheduler';
import { shopTasks } from './tasks';

const config = loadConfig();
const { app, database } = await buildApp({ config });
await prepareData(app, database, config);
// The embedded database lives in this process: if its thread dies, every later query fails. Leave with an
// error, so the process manager starts the shop again (docs/deployment.md, Restart=on-failure).
database.onLost?.((err) => {
  app.log.fatal({ err }, 'the embedded database stopped; exiting so that the shop is started again');
  process.exit(1);
});
if (config.outboxWorker) {
  const scheduler = startScheduler(shopTasks(database, config, app.log), app.log);
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
