// The shop's one scheduler: the periodic work of every domain (delivering the outbox, stock notices, the
// housekeeping of carts, bonuses, captchas and limits, reading unconfirmed payments again) runs here, each
// domain giving its tasks through its index.ts (server/src/tasks.ts gathers them). One loop: tasks run one
// after another in the order given, never two at once, so a slow SMTP server delays the housekeeping but
// never runs beside it. Several instances may run it: each task takes its rows with locks of its own.
import type { FastifyBaseLogger } from 'fastify';
import type { ShopMetrics } from '../metrics';

export interface ScheduledTask {
  /** For the log: "outbox", "guest carts"… */
  name: string;
  /** How often it runs, at least (the loop looks every few seconds). */
  everyMs: number;
  /** Answers true when there is more to do right now (a full batch): it runs again before the loop sleeps. */
  run(now: Date): Promise<boolean | void>;
  /** Something that makes the task due at once (a letter was queued); answers how to stop listening. */
  wakeOn?(wake: () => void): () => void;
  /** After the last run, when the scheduler stops (closing the SMTP connections). */
  stop?(): void | Promise<void>;
}

export interface Scheduler {
  /** Stops the loop, waits for the task in flight, then lets each task clean up. */
  stop(): Promise<void>;
}

/** How often the loop looks whether a task is due. */
const TICK_MS = 5_000;
/** A wake-up waits this long: the queueing transaction has not committed yet when it says so. */
const WAKE_DELAY_MS = 200;

/** Runs the tasks; each run is counted in `metrics` (shop_task_*), by the task's name. */
export function startScheduler(
  tasks: ScheduledTask[],
  log: FastifyBaseLogger,
  metrics: ShopMetrics,
): Scheduler {
  let stopped = false;
  let running: Promise<void> | null = null;
  let again = false;
  const lastRun = new Map<ScheduledTask, number>();
  const woken = new Set<ScheduledTask>();

  const runDue = async () => {
    do {
      again = false;
      for (const task of tasks) {
        if (stopped) return;
        const due = woken.has(task) || Date.now() - (lastRun.get(task) ?? 0) >= task.everyMs;
        if (!due) continue;
        woken.delete(task);
        lastRun.set(task, Date.now());
        const started = performance.now();
        const more = await task.run(new Date()).then(
          (answer) => {
            metrics.taskLastSuccess.set({ task: task.name }, Date.now() / 1000);
            return answer;
          },
          (err: unknown) => {
            log.error({ err, task: task.name }, 'a scheduled task failed');
            metrics.taskFailures.inc({ task: task.name });
            return false;
          },
        );
        metrics.taskRuns.inc({ task: task.name });
        metrics.taskDuration.observe({ task: task.name }, (performance.now() - started) / 1000);
        if (more) {
          woken.add(task);
          again = true;
        }
      }
    } while (again && !stopped);
  };
  const tick = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = runDue().finally(() => {
      running = null;
    });
  };

  const timers = new Set<NodeJS.Timeout>();
  const unsubscribe = tasks.flatMap((task) =>
    task.wakeOn
      ? [
          task.wakeOn(() => {
            woken.add(task);
            const timer = setTimeout(() => {
              timers.delete(timer);
              tick();
            }, WAKE_DELAY_MS);
            timers.add(timer);
          }),
        ]
      : [],
  );
  // Every task's series from the start (0 runs, 0 failures), so that an alert on them has something to read.
  for (const task of tasks) {
    metrics.taskRuns.inc({ task: task.name }, 0);
    metrics.taskFailures.inc({ task: task.name }, 0);
  }
  const poll = setInterval(tick, TICK_MS);
  tick();

  return {
    async stop() {
      stopped = true;
      clearInterval(poll);
      for (const timer of timers) clearTimeout(timer);
      for (const off of unsubscribe) off();
      await running;
      for (const task of tasks) await task.stop?.();
    },
  };
}
