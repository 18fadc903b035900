// Reads one of the hand-written admin endpoints (admin-api.ts) for a screen: the data, the Russian error,
// and a reload. Shared by the domains' screens (sales, settings, …).
import { useCallback, useEffect, useState } from 'react';
import { getAdmin } from './admin-api';

export function useAdminGet<T>(path: string | null) {
  const [data, setData] = useState<T | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  const [version, setVersion] = useState(0);
  useEffect(() => {
    if (!path) return;
    let live = true;
    getAdmin<T>(path).then(
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
  }, [path, version]);
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return { data, error, loading: !!path && data === undefined && !error, reload };
}
