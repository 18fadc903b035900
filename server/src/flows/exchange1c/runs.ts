// An exchange's row (exchange1c_runs) and its log: checkauth opens one and gives 1C its cookie (only the
// hash is stored); every later call finds it by that cookie, and each call and its answer is a step of the
// log. A run unused for an hour, or of a user who lost the role, is refused: 1C then starts again.
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import { exchange1cFiles, exchange1cRuns, exchange1cSteps, users } from '../../../generated/tables';
import type { Db, DbOrTx } from '../../platform/db';
import type { FileStorage } from '../../platform/storage';
import type { ExchangeUser } from './context';
import { dropFiles } from './files';

export const COOKIE_NAME = 'shop_1c_exchange';
export const EXCHANGE_ROLE = 'exchange1c';
const IDLE_MS = 60 * 60 * 1000;

export type Run = typeof exchange1cRuns.$inferSelect;
export type StepMode = (typeof exchange1cSteps.$inferInsert)['mode'];
export type Answer = 'success' | 'progress' | 'failure';

const hashOf = (cookie: string) => createHash('sha256').update(cookie).digest('hex');

export async function startRun(
  db: Db,
  kind: 'catalog' | 'sale',
  userId: number,
): Promise<{ run: Run; cookie: string }> {
  const cookie = randomBytes(24).toString('hex');
  const [run] = await db
    .insert(exchange1cRuns)
    .values({ kind, userId, cookieHash: hashOf(cookie) })
    .returning();
  return { run: run!, cookie };
}

/** The run of the cookie 1C sent, with its user; null when there is none or it may no longer be used. */
export async function runOfCookie(
  db: Db,
  cookieHeader: string | undefined,
  now = new Date(),
): Promise<{ run: Run; user: ExchangeUser } | null> {
  const value = (cookieHeader ?? '')
    .split(';')
    .map((p) => p.trim().split('='))
    .find(([name]) => name === COOKIE_NAME)?.[1];
  if (!value) return null;
  const [row] = await db
    .select({
      run: exchange1cRuns,
      user: { id: users.id, name: users.name, email: users.email, role: users.role, active: users.active },
    })
    .from(exchange1cRuns)
    .innerJoin(users, eq(users.id, exchange1cRuns.userId))
    .where(eq(exchange1cRuns.cookieHash, hashOf(decodeURIComponent(value))));
  if (!row || !row.user.active || row.user.role !== EXCHANGE_ROLE) return null;
  if (now.getTime() - row.run.updatedAt.getTime() > IDLE_MS) return null;
  return { run: row.run, user: row.user };
}

export async function logStep(
  db: DbOrTx,
  runId: number,
  step: { mode: StepMode; fileName: string | null; answer: Answer; message: string | null },
): Promise<void> {
  await db.insert(exchange1cSteps).values({ runId, ...step, message: step.message?.slice(0, 2000) ?? null });
}

/** The run's state and outcome after a call; `updatedAt` is the run's last activity (its cookie's age). */
export async function saveRun(
  db: DbOrTx,
  runId: number,
  values: { state?: Record<string, unknown>; status?: Run['status']; message?: string | null },
): Promise<void> {
  await db
    .update(exchange1cRuns)
    .set({
      ...values,
      ...(values.message ? { message: values.message.slice(0, 2000) } : {}),
      updatedAt: new Date(),
    })
    .where(eq(exchange1cRuns.id, runId));
}

/** mode=init: what the run received so far is dropped (a new package starts from nothing). */
export async function resetRun(db: DbOrTx, storage: FileStorage, runId: number): Promise<void> {
  await dropFiles(storage, runId);
  await db.delete(exchange1cFiles).where(eq(exchange1cFiles.runId, runId));
  await saveRun(db, runId, { state: {}, status: 'open' });
}

/** Files are kept this long after their exchange, the log itself a year. */
export const KEEP_FILES_MS = 14 * 24 * 60 * 60 * 1000;
export const KEEP_LOG_MS = 365 * 24 * 60 * 60 * 1000;

/** The scheduled cleanup (tasks.ts): old exchanges' files go, very old exchanges' log rows too. */
export async function pruneExchanges(db: Db, storage: FileStorage, now = new Date()): Promise<number> {
  const old = await db
    .select({ id: exchange1cRuns.id })
    .from(exchange1cRuns)
    .where(
      and(
        eq(exchange1cRuns.filesPurged, false),
        lt(exchange1cRuns.updatedAt, new Date(now.getTime() - KEEP_FILES_MS)),
      ),
    )
    .limit(100);
  for (const { id } of old) {
    await dropFiles(storage, id);
    await db
      .update(exchange1cRuns)
      .set({ filesPurged: true, cookieHash: null })
      .where(eq(exchange1cRuns.id, id));
  }
  await db.delete(exchange1cRuns).where(lt(exchange1cRuns.updatedAt, new Date(now.getTime() - KEEP_LOG_MS)));
  return old.length;
}
