// `npm run build -w @shop/server`: the server (and the workspace code it shares: schemas, client, the
// generated files) compiled to one plain ES module, server/dist/main.js, which `npm run serve` runs with
// `node` alone — no TypeScript tooling in the running shop. Packages from node_modules stay imports.
//
// Modules find files beside their source (config.ts the repository's root, schemas/files.ts its JSON, the
// PGlite host its worker): in one bundle `import.meta` would name dist/main.js instead, so each mention is
// rewritten to the source file's own address, computed from the bundle's at run time. The bundle therefore
// runs from server/dist/ of a checkout, beside the folders it reads (migrations, schemas, builds).
import { rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, relative, resolve } from 'node:path';
import { build } from 'esbuild';

const SERVER = resolve(import.meta.dirname, '..');
const OUT_DIR = resolve(SERVER, 'dist');

/** Every bare import outside the workspace (`@shop/…`) is left to node_modules. */
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@shop/') || args.path.startsWith('node:')
        ? undefined
        : { path: args.path, external: true },
    );
  },
};

/** `import.meta.url` / `.dirname` of a source file → that file's address, relative to the bundle's. */
const sourceAddresses = {
  name: 'source-addresses',
  setup(b) {
    b.onLoad({ filter: /\.(ts|tsx|mts|js|mjs)$/ }, async (args) => {
      if (args.path.includes('/node_modules/')) return undefined;
      const text = await readFile(args.path, 'utf8');
      if (!text.includes('import.meta.')) return undefined;
      const fromBundle = (path) => JSON.stringify(relative(OUT_DIR, path).split('\\').join('/'));
      const url = `new URL(${fromBundle(args.path)}, import.meta.url).href`;
      const dir = `__shopSourceDir(import.meta.url, ${fromBundle(dirname(args.path))})`;
      const file = `__shopSourceFile(import.meta.url, ${fromBundle(args.path)})`;
      // One pass, so that what a replacement writes is not replaced again.
      const contents = text.replace(/import\.meta\.(dirname|filename|url)\b/g, (_, what) =>
        what === 'dirname' ? dir : what === 'filename' ? file : url,
      );
      return { contents, loader: args.path.endsWith('x') ? 'tsx' : args.path.endsWith('.ts') ? 'ts' : 'js' };
    });
  },
};

rmSync(OUT_DIR, { recursive: true, force: true });
const result = await build({
  entryPoints: { main: resolve(SERVER, 'src/main.ts') },
  outdir: OUT_DIR,
  bundle: true,
  // main.ts loads the app with import() while the database opens: its own chunk, loaded then.
  splitting: true,
  // Beside main.js: the rewritten addresses below are relative to the folder every chunk is in.
  chunkNames: '[name]-[hash]',
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  sourcemap: true,
  // The names stay readable in stack traces and logs; the size of a server file does not matter.
  minify: false,
  legalComments: 'none',
  metafile: true,
  logLevel: 'warning',
  plugins: [externalPackages, sourceAddresses],
  banner: {
    js: [
      "import { fileURLToPath as __shopFileURLToPath } from 'node:url';",
      'const __shopSourceFile = (base, rel) => __shopFileURLToPath(new URL(rel, base));',
      "const __shopSourceDir = (base, rel) => __shopFileURLToPath(new URL(rel + '/', base)).replace(/\\/$/, '');",
    ].join('\n'),
  },
});

const bytes = Object.values(result.metafile.outputs).reduce((sum, o) => sum + o.bytes, 0);
const inputs = Object.keys(result.metafile.inputs).length;
console.log(
  `server: ${inputs} modules → ${relative(process.cwd(), OUT_DIR)}/main.js (${(bytes / 1024).toFixed(0)} kB with the map)`,
);
