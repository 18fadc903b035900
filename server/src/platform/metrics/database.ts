// The database's connections as series, read from memory when scraped (no query): on PostgreSQL the
// node-postgres pool's counts, on the embedded PGlite the calls waiting for its worker thread.
import type { Database } from '../db';
import type { ShopMetrics } from './index';

export function watchDatabase(metrics: ShopMetrics, database: Database): void {
  const stats = () => database.stats();
  if (stats().kind === 'postgres') {
    const pool = () => {
      const s = stats();
      return s.kind === 'postgres' ? s : { total: 0, idle: 0, max: 0, waiting: 0 };
    };
    metrics.gauge(
      'shop_db_pool_connections',
      'PostgreSQL connections the pool holds open',
      () => pool().total,
    );
    metrics.gauge(
      'shop_db_pool_idle_connections',
      'Of them, idle: free for the next query',
      () => pool().idle,
    );
    metrics.gauge('shop_db_pool_max_connections', 'The most connections the pool opens', () => pool().max);
    metrics.gauge(
      'shop_db_pool_waiting_queries',
      'Queries waiting for a connection because all are busy',
      () => pool().waiting,
    );
    return;
  }
  const worker = () => {
    const s = stats();
    return s.kind === 'pglite' ? s : { pending: 0, transactions: 0 };
  };
  metrics.gauge(
    'shop_db_pglite_pending_calls',
    'Calls to the embedded database not answered yet: the one its worker runs and those queued behind it',
    () => worker().pending,
  );
  metrics.gauge(
    'shop_db_pglite_open_transactions',
    'Transactions open on the embedded database (each holds its only connection until it ends)',
    () => worker().transactions,
  );
}
