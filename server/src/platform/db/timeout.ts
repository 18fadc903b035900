// A bound on how long a caller waits for the database: a health check or a scrape must answer even when
// the database does not (a host that stopped answering leaves a query hanging until TCP gives up).

/** The promise's result, or a rejection once `ms` have passed without one (the query itself goes on). */
export function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
