// Compresses a build's hashed assets once, at build time: brotli at its highest quality and gzip at 9,
// written beside each file (app-1a2b.js.br, .gz). The server answers them as they are (@fastify/static's
// preCompressed), so no asset is ever compressed per request, and the bytes are smaller than per-request
// compression can afford. Run by `npm run build` after react-router's build, on its client/assets folder,
// and by the admin's build on its dist/assets (the folder as the first argument): one mechanism for both.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Text the browser downloads; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|map|html)$/;
/** Smaller files gain nothing worth a second request path. */
const MIN_BYTES = 1024;

const dir = resolve(process.argv[2] ?? join(process.env.STOREFRONT_BUILD_DIR || 'build', 'client', 'assets'));
let files = 0;
let before = 0;
let after = 0;
for (const name of readdirSync(dir)) {
  const path = join(dir, name);
  if (!COMPRESSIBLE.test(name) || !statSync(path).isFile()) continue;
  const bytes = readFileSync(path);
  if (bytes.length < MIN_BYTES) continue;
  const br = brotliCompressSync(bytes, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  });
  writeFileSync(`${path}.br`, br);
  writeFileSync(`${path}.gz`, gzipSync(bytes, { level: 9 }));
  files += 1;
  before += bytes.length;
  after += br.length;
}
console.log(`precompressed ${files} assets in ${dir}: ${before} → ${after} bytes (brotli)`);
