import { useEffect, useState } from 'react';

/** False in the server's HTML and the first render, true once the page's script runs (tests wait for it). */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
