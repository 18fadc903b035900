// Security headers on every answer of the one server (docs/security.md, "Headers"). @fastify/helmet writes
// the headers that are the same everywhere; the Content-Security-Policy differs by area and is chosen here,
// unless the answer brought its own: the storefront's pages carry a policy with this response's nonce
// (storefront/app/entry.server.tsx), the uploaded pictures a sandboxing one (web/uploads.ts).
import helmet from '@fastify/helmet';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

type Directives = Record<string, string[]>;

/** "default-src 'none'; frame-ancestors 'none'" from { 'default-src': ["'none'"], … }. */
export function serializePolicy(directives: Directives): string {
  return Object.entries(directives)
    .map(([name, sources]) => (sources.length ? `${name} ${sources.join(' ')}` : name))
    .join('; ');
}

/**
 * JSON, files and anything else that is not a page: nothing may load, run or frame it. A JSON answer opened
 * as a document (or an SVG, or a page of an attacker's making that somehow got stored) can do nothing.
 */
export const NOTHING_POLICY = serializePolicy({
  'default-src': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'none'"],
  'frame-ancestors': ["'none'"],
});

/**
 * The admin SPA (react-admin, MUI): its scripts are the build's own files, never inline (Vite emits a
 * `<script type=module src>`). Emotion (MUI's styling) injects <style> elements without a nonce, hence
 * 'unsafe-inline' for styles. Pictures: the shop's own (/uploads, /img), data: icons and blob: previews of a
 * file being uploaded. The letter preview is a sandboxed srcdoc frame, which needs no frame-src.
 */
export function adminPolicy(https: boolean): string {
  return serializePolicy({
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'"],
    'frame-src': ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    ...(https ? { 'upgrade-insecure-requests': [] } : {}),
  });
}

/**
 * /api/docs (Swagger UI): its bundle and initialiser are files of @fastify/swagger-ui (no inline script);
 * React inside it sets style attributes and its CSS holds data: images. It calls the API on this origin
 * ("Try it out").
 */
export function docsPolicy(https: boolean): string {
  return serializePolicy({
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    ...(https ? { 'upgrade-insecure-requests': [] } : {}),
  });
}

/** One year, as HSTS preload lists expect; subdomains too (the shop's cookies are host-only anyway). */
export const HSTS = 'max-age=31536000; includeSubDomains';

const pathOf = (url: string) => url.split('?', 1)[0] ?? url;

/** The policy of an answer that brought none, by the area of its address. */
function policyFor(request: FastifyRequest, reply: FastifyReply): string | null {
  const path = pathOf(request.url);
  const https = request.protocol === 'https';
  // Browsers' PDF viewers are themselves refused by object-src/sandbox policies (the privacy policy would
  // open blank); a PDF runs no script of the page.
  if (String(reply.getHeader('content-type') ?? '').startsWith('application/pdf')) return null;
  if (path === '/api/docs' || path.startsWith('/api/docs/')) return docsPolicy(https);
  if (path === '/nuxt' || path.startsWith('/nuxt/')) return adminPolicy(https);
  return NOTHING_POLICY;
}

/** Public pictures: letters and other sites may show them; everything else stays same-origin. */
const PUBLIC_PICTURES = /^\/(uploads|img)\//;

export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    global: true,
    // Chosen per area in onSend below, so that an answer's own policy (a page's nonce) wins.
    contentSecurityPolicy: false,
    // Only over HTTPS, below: a browser that took HSTS from a plain-HTTP test server would refuse it after.
    strictTransportSecurity: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xFrameOptions: { action: 'deny' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (!reply.hasHeader('content-security-policy')) {
      const policy = policyFor(request, reply);
      if (policy) reply.header('content-security-policy', policy);
    }
    // request.protocol believes X-Forwarded-Proto only from the proxies TRUST_PROXY names.
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    if (PUBLIC_PICTURES.test(request.url)) reply.header('cross-origin-resource-policy', 'cross-origin');
    return payload;
  });
}
