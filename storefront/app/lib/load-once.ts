/**
 * Code the browser fetches on first need rather than with every page (the API client, imask, the live
 * search's results): `load()` imports it once and every later call gets the same promise; `current()` answers
 * it synchronously once it has arrived (null before), so what mounts after that uses it at once. The tests
 * call `load()` up front, as a browser has the module after its first use.
 */
export interface LoadOnce<T> {
  load: () => Promise<T>;
  current: () => T | null;
}

export function loadOnce<T>(importer: () => Promise<T>): LoadOnce<T> {
  let value: T | null = null;
  let loading: Promise<T> | null = null;
  return {
    load: () =>
      (loading ??= importer().then((loaded) => {
        value = loaded;
        return loaded;
      })),
    current: () => value,
  };
}
