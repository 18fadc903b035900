// Whether this instance can serve (GET /api/health/ready, for a load balancer or Kubernetes): the database
// answers within a short time, and every migration shipped with this code is applied. Liveness is another
// question (GET /api/health): a process that is up but not ready must be taken out of rotation, not
// restarted. Asked again on every probe, so it turns ready again by itself when the database comes back.
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { selectRows, type Database } from './index';
import { migrationFiles } from './migrate';
import { withTimeout } from './timeout';

/** A probe waits this long for the database: a load balancer's own timeout is a few seconds. */
export const READY_TIMEOUT_MS = 1_500;

export type Readiness =
  | { ready: true }
  | {
      ready: false;
      code: 'database_unreachable' | 'migrations_pending';
      /** For the probe's answer (Russian, as every API message): no address or internal detail. */
      message: string;
    };

/**
 * The check, for migrations in `migrationsDir` (the files are read once: they ship with the code).
 * Probes at the same moment share one query; a change of state is logged once, with the reason.
 */
export function readinessCheck(
  database: Database,
  migrationsDir: string,
  log: FastifyBaseLogger,
): () => Promise<Readiness> {
  const shipped = migrationFiles(migrationsDir);
  let inFlight: Promise<Readiness> | null = null;
  let wasReady: boolean | null = null;

  const check = async (): Promise<Readiness> => {
    let applied: Set<string>;
    try {
      const rows = await withTimeout(
        selectRows<{ name: string }>(database.db, sql`SELECT name FROM _migrations`),
        READY_TIMEOUT_MS,
        `the database did not answer in ${READY_TIMEOUT_MS} ms`,
      );
      applied = new Set(rows.map((r) => r.name));
    } catch (err) {
      // No journal at all: the database answers, nothing was ever migrated.
      if (hasCode(err, '42P01')) applied = new Set();
      else {
        note(false, { err }, 'not ready: the database does not answer');
        return { ready: false, code: 'database_unreachable', message: 'База данных не отвечает' };
      }
    }
    const pending = shipped.filter((name) => !applied.has(name));
    if (pending.length) {
      note(false, { pending }, 'not ready: migrations are pending');
      return {
        ready: false,
        code: 'migrations_pending',
        message: `Не применены миграции базы данных: ${pending.join(', ')}`,
      };
    }
    note(true, {}, 'ready: the database answers and every migration is applied');
    return { ready: true };
  };

  const note = (ready: boolean, fields: object, message: string) => {
    if (wasReady !== ready && (wasReady !== null || !ready))
      (ready ? log.info : log.warn).call(log, fields, message);
    wasReady = ready;
  };

  return () =>
    (inFlight ??= check().finally(() => {
      inFlight = null;
    }));
}

/** Drizzle wraps the driver's error: PostgreSQL's code is on its cause. */
function hasCode(err: unknown, code: string): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++)
    if ((e as { code?: unknown }).code === code) return true;
  return false;
}
