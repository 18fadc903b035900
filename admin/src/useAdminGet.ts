// Reads one of the hand-written admin endpoints for a screen: the data, the Russian error, and a reload.
// Shared by the domains' screens (sales, settings, …): useAdminRead through a generated method of the
// client, useAdminGet by an /api/admin path (admin-api.ts).
import type { ApiClient } from '@shop/client';
import { useCallback, useEffect, useRef, useState } from 'react';
import { callAdmin, getAdmin } from './admin-api';

/** `key` says what is read (null: nothing yet); the read runs again when it changes or on reload. */
export function useAdminRead<T>(key: string | null, read: (api: ApiClient) => Promise<T>) {
  const [data, setData] = useState<T | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  const [version, setVersion] = useState(0);
  // The latest read, so that a new function on each render does not read again.
  const latest = useRef(read);
  latest.current = read;
  useEffect(() => {
    if (key === null) return;
    let live = true;
    callAdmin(latest.current).then(
      (d) => {
        if (!live) return;
        setData(d);
        setError(null);
      },
      (e: Error) => live && setError(e.message),
    );
    return () => {
      live = false;
    };
  }, [key, version]);
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return { data, error, loading: key !== null && data === undefined && !error, reload };
}

export function useAdminGet<T>(path: string | null) {
  return useAdminRead<T>(path || null, () => getAdmin<T>(path!));
}
