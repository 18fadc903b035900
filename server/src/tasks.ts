// The shop's periodic work, as the one scheduler runs it (platform/jobs/scheduler.ts): each domain's task
// comes from the domain; the housekeeping gathers what expires everywhere into one run every 15 minutes.
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './platform/config';
import type { Database, Db } from './platform/db';
import { pruneRateLimits } from './platform/http/rate-limit';
import type { ScheduledTask } from './platform/jobs/scheduler';
import type { ReconciliationReport, ShopMetrics } from './platform/metrics';
import { sendDueStockNotices } from './domains/catalog';
import { pruneCaptchas } from './domains/forms';
import { outboxTask } from './domains/messages';
import { expireBonuses, pruneGuestCarts } from './domains/sales';
import { reconcilePayments } from './flows/payment/reconcile';
import { pollShipments } from './flows/shipping';
import { pruneExchanges } from './flows/exchange1c';
import type { FileStorage } from './platform/storage';

const STOCK_NOTICES_MS = 5_000;
const HOUSEKEEPING_MS = 15 * 60_000;
/** Carriers update a parcel's status a few times a day; asking every 5 minutes is prompt enough. */
const SHIPMENTS_MS = 5 * 60_000;
/** The 1C exchanges' files are kept for two weeks (flows/exchange1c/runs.ts): looking hourly is enough. */
const EXCHANGES_MS = 60 * 60_000;

/**
 * Drops what expires (spent captchas' rows, old rate-limit counters, guests' abandoned carts), writes the
 * expiry rows of points past their date, and reads again the payments whose notification never came
 * (with `config`: then it answers what the reconciliation found).
 */
export async function housekeeping(
  db: Db,
  now = new Date(),
  config?: Pick<Config, 'siteUrl' | 'yookassaApiUrl'>,
): Promise<ReconciliationReport | null> {
  await pruneCaptchas(db, now);
  await pruneRateLimits(db);
  await pruneGuestCarts(db, now);
  await expireBonuses(db, now);
  // Letters about a payment found here link to the site's configured address (there is no request).
  return config ? reconcilePayments(db, config, { site: config.siteUrl ?? '', now }) : null;
}

/** In the order they run each round: the stock notices queue letters the outbox then sends. */
export function shopTasks(
  database: Database,
  config: Config,
  log: FastifyBaseLogger,
  metrics: ShopMetrics,
  storage: FileStorage,
): ScheduledTask[] {
  return [
    {
      // «Сообщить о поступлении»: requests the stock trigger marked due get their letters queued.
      name: 'stock notices',
      everyMs: STOCK_NOTICES_MS,
      run: async () => {
        await sendDueStockNotices(database.db, config.siteUrl ?? '');
      },
    },
    {
      // Shipments handed to carriers: their states, and the orders they ship and complete (flows/shipping).
      name: 'shipments',
      everyMs: SHIPMENTS_MS,
      run: async (now) => {
        const polled = await pollShipments(database.db, config, now);
        if (polled.failures.length)
          log.warn({ failures: polled.failures }, 'shipments: not all were followed');
        return polled.more;
      },
    },
    outboxTask(database, config, log),
    {
      // The files of old 1C exchanges leave the storage; their log stays (a year).
      name: '1c exchange files',
      everyMs: EXCHANGES_MS,
      run: async (now) => {
        const pruned = await pruneExchanges(database.db, storage, now);
        if (pruned) log.info({ exchanges: pruned }, '1C exchange files removed');
      },
    },
    {
      name: 'housekeeping',
      everyMs: HOUSEKEEPING_MS,
      run: async (now) => {
        const reconciled = await housekeeping(database.db, now, config);
        if (reconciled) metrics.recordReconciliation(reconciled);
      },
    },
  ];
}
