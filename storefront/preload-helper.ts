// Vite wraps every import() of the browser build in its preload helper, which adds <link rel=modulepreload>
// for the imported chunk's own imports and its stylesheets. This build lists neither (vite.config.ts:
// `modulePreload: false`, one stylesheet for the whole site), so all the helper still does is announce a
// chunk that failed to load (`vite:preloadError`, which features/shell/AppUpdates.tsx listens for). This is
// that, in place of Vite's 0.7 kB gzip helper in every page's first download (issue 28).
import type { Plugin } from 'vite';

/** The module id Vite gives its helper (vite/src/node/plugins/importAnalysisBuild.ts). */
const HELPER_ID = '\0vite/preload-helper.js';

const HELPER = `export const __vitePreload = (load) =>
  load().catch((error) => {
    const event = new Event('vite:preloadError', { cancelable: true });
    event.payload = error;
    window.dispatchEvent(event);
    if (!event.defaultPrevented) throw error;
  });
`;

export function smallPreloadHelper(): Plugin {
  return {
    name: 'shop:small-preload-helper',
    enforce: 'pre',
    apply: 'build',
    applyToEnvironment: (environment) => environment.config.consumer === 'client',
    load: (id) => (id === HELPER_ID ? HELPER : null),
    // Vite lists an import()'s dependencies in `__vite__mapDeps` when it has any to preload: this helper
    // would ignore them, so the build stops instead (turning per-route CSS or modulepreload back on needs
    // Vite's helper back). Checked on the written chunks, after Vite's own plugins finished them.
    writeBundle(_options, bundle) {
      for (const file of Object.values(bundle))
        if (file.type === 'chunk' && file.code.includes('__vite__mapDeps'))
          this.error(
            `${file.fileName}: an import() with dependencies to preload; remove smallPreloadHelper()`,
          );
    },
  };
}
