// How /uploads/ is served: the stored pictures, and nothing else a browser could take for a page. Uploads are
// re-encoded before they are stored (storage/image-check.ts), but the folder can hold files put there by
// other means (a restored backup, a script, older uploads): only picture types are served, with their own
// Content-Type, never sniffed, and sandboxed should a browser open one as a document anyway.
import type { FastifyStaticOptions } from '@fastify/static';

/** The types the upload route stores (and the demo images); SVG is left out, as it may hold scripts. */
const PICTURE = /\.(jpe?g|png|webp|avif|gif)$/i;

export function uploadsStaticOptions(root: string): FastifyStaticOptions {
  return {
    root,
    prefix: '/uploads/',
    decorateReply: false,
    maxAge: '30d',
    allowedPath: (pathName) => PICTURE.test(pathName),
    setHeaders: (reply) => {
      reply.header('X-Content-Type-Options', 'nosniff');
      reply.header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
    },
  };
}
