import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';
import { shellChunkModules } from './first-download';

export default defineConfig(({ isSsrBuild }) => {
  const shell = isSsrBuild ? new Set<string>() : shellChunkModules();
  return {
    plugins: [reactRouter()],
    build: {
      // One stylesheet for every page (about 25 kB brotli) instead of a file per route and component:
      // on a phone's connection each render-blocking file costs a round trip before the first paint
      // (measured again for issue 28: per-route CSS gave 8–10 files a page and a later first paint).
      cssCodeSplit: false,
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
                    // The shell's own small modules (the API and auth hooks, icons, formatting, the header's
                    // menus…), every page's, in one file rather than twenty: each file is compressed on its
                    // own and names its imports, so together they are about 4 kB gzip smaller.
                    { name: 'shell', test: (id) => shell.has(id.split('?')[0]!) },
                  ],
                },
              },
            },
          }),
    },
  };
});
