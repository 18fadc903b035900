import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import {
  VERSION_CHECK_INTERVAL_MS,
  isChunkLoadError,
  isNewVersionDeployed,
  reloadForFailedChunk,
} from './app-version';
import { useToast } from '../../ui/Toast';

/**
 * Keeps a long-open tab working after a deployment (spec §4, §8):
 * - every hour (and when the tab comes back after an hour away) it asks the server which build is deployed;
 *   when it is another one, a quiet toast offers to reload, and the next navigation loads the page afresh;
 * - a script or style chunk that fails to load (the old build's files are gone) reloads the page, at most
 *   once per 10 seconds for the same address.
 */
export function AppUpdates() {
  const toast = useToast();
  const location = useLocation();
  const stale = useRef(false);

  useEffect(() => {
    // Vite's event for a failed preload of a lazily loaded route's files; preventDefault stops the throw.
    const onPreloadError = (event: Event) => {
      if (reloadForFailedChunk()) event.preventDefault();
    };
    const onRejection = (event: PromiseRejectionEvent) => {
      if (isChunkLoadError(event.reason)) reloadForFailedChunk();
    };
    window.addEventListener('vite:preloadError', onPreloadError);
    window.addEventListener('unhandledrejection', onRejection);
    return () => {
      window.removeEventListener('vite:preloadError', onPreloadError);
      window.removeEventListener('unhandledrejection', onRejection);
    };
  }, []);

  useEffect(() => {
    let lastCheck = Date.now();
    const check = async () => {
      lastCheck = Date.now();
      if (stale.current || !(await isNewVersionDeployed())) return;
      stale.current = true;
      toast.show('Доступна новая версия сайта', {
        duration: null,
        action: { label: 'Обновить', onClick: () => window.location.reload() },
      });
    };
    const timer = window.setInterval(() => void check(), VERSION_CHECK_INTERVAL_MS);
    // Background tabs get their timers throttled: check on return when the hour has passed.
    const onVisibility = () => {
      if (document.visibilityState === 'visible' && Date.now() - lastCheck >= VERSION_CHECK_INTERVAL_MS)
        void check();
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [toast]);

  // Once a new build is known, the next navigation becomes a full page load of the new build.
  const firstLocation = useRef(location.key);
  useEffect(() => {
    if (location.key !== firstLocation.current && stale.current) window.location.reload();
  }, [location.key]);

  return null;
}
