// Keeping an open tab in step with the deployed site (spec §4, §8, §9): an hourly check for a new build,
// and a reload when a script chunk of the old build can no longer be loaded.

/** Spec §9: update check every hour. */
export const VERSION_CHECK_INTERVAL_MS = 60 * 60 * 1000;
/** Spec §8, §9: a chunk failure reloads the page at most once per 10 seconds for the same path. */
export const CHUNK_RELOAD_GUARD_MS = 10_000;
/** Answered by the server with the build now deployed: {"version": "…"} (server/src/platform/web/storefront.ts). */
export const BUILD_INFO_PATH = '/build-info.json';

declare global {
  interface Window {
    /** React Router's manifest of the build this page was loaded with. */
    __reactRouterManifest?: { version?: string };
  }
}

/** The build this page runs (React Router's manifest version), or null outside a production page. */
export function currentBuildVersion(): string | null {
  if (typeof window === 'undefined') return null;
  return window.__reactRouterManifest?.version ?? null;
}

/** The build the server has now, fetched past every cache; null when it cannot tell (offline, dev server). */
export async function fetchDeployedVersion(fetchImpl: typeof fetch = fetch): Promise<string | null> {
  try {
    const response = await fetchImpl(BUILD_INFO_PATH, {
      cache: 'no-store',
      headers: { Accept: 'application/json' },
    });
    if (!response.ok) return null;
    const body = (await response.json()) as { version?: unknown };
    return typeof body.version === 'string' && body.version ? body.version : null;
  } catch {
    return null;
  }
}

/** True when the server has a build other than the one this page runs. */
export async function isNewVersionDeployed(fetchImpl: typeof fetch = fetch): Promise<boolean> {
  const current = currentBuildVersion();
  if (!current) return false;
  const deployed = await fetchDeployedVersion(fetchImpl);
  return deployed !== null && deployed !== current;
}

const guardKey = (path: string) => `chunk-reload:${path}`;

/**
 * Whether the page at `path` may reload now for a failed chunk, recording the reload when it may: at most
 * once per CHUNK_RELOAD_GUARD_MS per path, so a chunk that is really gone cannot cause a reload loop.
 */
export function claimChunkReload(path: string, storage: Storage | null, now = Date.now()): boolean {
  if (!storage) return true;
  try {
    const last = Number(storage.getItem(guardKey(path)));
    if (Number.isFinite(last) && last > 0 && now - last < CHUNK_RELOAD_GUARD_MS) return false;
    storage.setItem(guardKey(path), String(now));
    return true;
  } catch {
    // Storage refused (private mode, quota): better one reload too many than a broken page.
    return true;
  }
}

/** The messages browsers give when a dynamically imported module or a preloaded file fails to load. */
export function isChunkLoadError(reason: unknown): boolean {
  const message = reason instanceof Error ? reason.message : typeof reason === 'string' ? reason : '';
  return /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|Loading (CSS )?chunk \S+ failed/i.test(
    message,
  );
}

function sessionStore(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** Reloads the page for a failed chunk unless this path was reloaded for that less than 10 s ago. */
export function reloadForFailedChunk(): boolean {
  const path = window.location.pathname + window.location.search;
  if (!claimChunkReload(path, sessionStore())) return false;
  window.location.reload();
  return true;
}
