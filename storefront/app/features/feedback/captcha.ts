import type { Captcha } from '@shop/schemas';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useApi } from '../../lib/browser-api';

/** Spec §4, §9: the captcha is fetched this long after a dialog opens. */
export const CAPTCHA_DELAY_MS = 500;
/** Spec §9: the captcha image is shown this wide. */
export const CAPTCHA_WIDTH = 200;

export const CAPTCHA_FAILED = 'Не удалось загрузить картинку. Обновите её.';

export interface CaptchaState {
  captcha: Captcha | null;
  loading: boolean;
  /** A Russian message when the last fetch failed. */
  error: string | null;
  /** Drops the current picture and fetches another one at once (the refresh icon, a spent captcha). */
  refresh: () => void;
}

/**
 * The captcha of a dialog (spec §4): fetched 500 ms after `open` turns true, dropped when it turns false (a
 * fetch still pending is cancelled, its answer ignored). Each captcha can be answered once, so a form calls
 * refresh() after the server has checked it.
 */
export function useCaptcha(open: boolean): CaptchaState {
  const api = useApi();
  const [captcha, setCaptcha] = useState<Captcha | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Every fetch gets a number; only the latest one may set the state.
  const latest = useRef(0);

  const load = useCallback(() => {
    const ticket = ++latest.current;
    setCaptcha(null);
    setError(null);
    setLoading(true);
    api.captcha.generate().then(
      (next) => {
        if (ticket !== latest.current) return;
        setCaptcha(next);
        setLoading(false);
      },
      (failure: unknown) => {
        if (ticket !== latest.current) return;
        console.error('Captcha request failed', failure);
        setError(CAPTCHA_FAILED);
        setLoading(false);
      },
    );
  }, [api]);

  useEffect(() => {
    if (!open) return;
    // The skeleton shows during the delay too: the picture is on its way.
    setLoading(true);
    const timer = window.setTimeout(load, CAPTCHA_DELAY_MS);
    return () => {
      window.clearTimeout(timer);
      latest.current++;
      setCaptcha(null);
      setError(null);
      setLoading(false);
    };
  }, [open, load]);

  return { captcha, loading, error, refresh: load };
}
