import { startTransition, useEffect, useState } from 'react';

/**
 * False in the server's HTML and the first render, true once the page's script runs (tests wait for it).
 * Set in a transition: the re-render it causes (a whole listing with its cards, a buy box) is then done in
 * slices between the browser's other work rather than as one long task right after hydration (issue 28).
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => startTransition(() => setHydrated(true)), []);
  return hydrated;
}
