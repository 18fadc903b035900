// Asks the server again every second until the answer says the work is over (a mailing sent, a background
// job done): the latest answer and the latest error (which does not stop the asking). A new `load` starts
// over; null asks nothing.
import { useEffect, useState } from 'react';

const POLL_MS = 1000;

export function usePoll<T>(load: (() => Promise<T>) | null, finished: (answer: T) => boolean) {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setData(null);
    setError(null);
    if (!load) return;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = () =>
      load().then(
        (answer) => {
          if (!live) return;
          setData(answer);
          setError(null);
          if (!finished(answer)) timer = setTimeout(poll, POLL_MS);
        },
        (e: Error) => {
          if (!live) return;
          setError(e.message);
          timer = setTimeout(poll, POLL_MS);
        },
      );
    void poll();
    return () => {
      live = false;
      clearTimeout(timer);
    };
    // `finished` is a rule, not data: a new function each render must not start over.
  }, [load]);
  return { data, error };
}
