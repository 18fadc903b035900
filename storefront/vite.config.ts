import { reactRouter } from '@react-router/dev/vite';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { shellChunkModules } from './first-download';
import { smallPreloadHelper } from './preload-helper';

/** React Router's production build: the same code as the one its package exports point at, less its dev warnings. */
const routerBuild = (file: string) =>
  fileURLToPath(new URL(`../node_modules/react-router/dist/production/${file}`, import.meta.url));

export default defineConfig(({ isSsrBuild }) => {
  const shell = isSsrBuild ? new Set<string>() : shellChunkModules();
  return {
    plugins: [reactRouter(), smallPreloadHelper()],
    // react-router's exports name only its development build (dev warnings on); the browser gets the production
    // one (about 0.6 kB gzip less). The server keeps the package's own, so both sides run one copy each.
    resolve: isSsrBuild
      ? {}
      : {
          alias: [
            { find: /^react-router$/, replacement: routerBuild('index.mjs') },
            { find: /^react-router\/dom$/, replacement: routerBuild('dom-export.mjs') },
          ],
        },
    build: {
      // One stylesheet for every page (about 25 kB brotli) instead of a file per route and component:
      // on a phone's connection each render-blocking file costs a round trip before the first paint
      // (measured again for issue 28: per-route CSS gave 8–10 files a page and a later first paint).
      cssCodeSplit: false,
      // No list of each import()'s chunks in the importing chunk (about 0.3 kB on the product page alone):
      // what is import()ed (the parts of lib/deferred, the dialogs) then fetches its own imports when it
      // loads, most of them already loaded with the page. Routes' chunks are React Router's to preload.
      modulePreload: false,
      ...(isSsrBuild
        ? {}
        : {
            rolldownOptions: {
              output: {
                // <Scripts/> preloads every chunk of the entry's and the matched routes' static import graphs
                // (React Router 7 has no option to leave any out): what a page preloads is decided by what
                // its route modules import statically (the rest is import()ed: features/product) and by how
                // those graphs are cut into files, here.
                codeSplitting: {
                  groups: [
                    // React, React DOM and React Router: what every page needs to hydrate, one file rather
                    // than five, each a request on a phone's connection.
                    {
                      name: 'framework',
                      test: /node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]/,
                      tags: ['$initial'],
                    },
                    // The shell's own small modules (the API and auth hooks, icons, formatting…) and the
                    // catalogue pages' small shared ones (first-download.ts, PAGE_KIT), in one file rather than
                    // thirty: each file is compressed on its own and names its imports (issue 28).
                    { name: 'shell', test: (id) => shell.has(id.split('?')[0]!) },
                  ],
                },
              },
            },
          }),
    },
  };
});
