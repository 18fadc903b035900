// Security headers on every answer of the one server (docs/security.md, "Headers"). @fastify/helmet writes
// the headers that are the same everywhere; the Content-Security-Policy differs by area and is chosen here,
// unless the answer brought its own: the storefront's pages carry a policy with this response's nonce
// (storefront/app/entry.server.tsx), the uploaded pictures a sandboxing one (web/uploads.ts).
import helmet from '@fastify/helmet';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

type Directives = Record<string, string[]>;

/** "default-src 'none'; frame-ancestors 'none'" from { 'default-src': ["'none'"], … }. */
function serializePolicy(directives: Directives): string {
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
}

/**
 * JSON, files and anything else that is not a page: nothing may load, run or frame it. A JSON answer opened
 * as a document (or an SVG, or a page of an attacker's making that somehow got stored) can do nothing.
 */
const NOTHING_POLICY = serializePolicy({
  'default-src': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'none'"],
  'frame-ancestors': ["'none'"],
});

/**
 * A page whose scripts are all files of this site, never inline; its UI library writes styles without a
 * nonce, hence 'unsafe-inline' for styles. It calls the API on this origin.
 */
function ownScriptsPolicy(pictures: string[], frames?: string[]): string {
  return serializePolicy({
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", ...pictures],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'"],
    ...(frames ? { 'frame-src': frames } : {}),
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  });
}

/**
 * The admin SPA (react-admin, MUI): Vite emits a `<script type=module src>`; Emotion (MUI's styling) injects
 * <style> elements. Pictures: the shop's own (/uploads, /img), data: icons and blob: previews of a file being
 * uploaded. The letter preview is a sandboxed srcdoc frame, which needs no frame-src.
 */
const ADMIN_POLICY = ownScriptsPolicy(['data:', 'blob:'], ["'none'"]);

/**
 * /api/docs (Swagger UI): its bundle and initialiser are files of @fastify/swagger-ui; React inside it sets
 * style attributes and its CSS holds data: images ("Try it out" calls the API).
 */
const DOCS_POLICY = ownScriptsPolicy(['data:']);

/** One year, as HSTS preload lists expect; subdomains too (the shop's cookies are host-only anyway). */
const HSTS = 'max-age=31536000; includeSubDomains';

const isUnder = (path: string, base: string) => path === base || path.startsWith(`${base}/`);

/** The policy of an answer that brought none, by the area of its address. */
function policyFor(request: FastifyRequest, reply: FastifyReply, https: boolean): string | null {
  // Browsers' PDF viewers are themselves refused by object-src/sandbox policies (the privacy policy would
  // open blank); a PDF runs no script of the page.
  if (String(reply.getHeader('content-type') ?? '').startsWith('application/pdf')) return null;
  const path = request.url.split('?', 1)[0] ?? '';
  const page = isUnder(path, '/api/docs') ? DOCS_POLICY : isUnder(path, '/nuxt') ? ADMIN_POLICY : null;
  if (!page) return NOTHING_POLICY;
  // Over HTTPS a page's plain-HTTP subresources are upgraded rather than blocked.
  return https ? `${page}; upgrade-insecure-requests` : page;
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
    // request.protocol believes X-Forwarded-Proto only from the proxies TRUST_PROXY names.
    const https = request.protocol === 'https';
    if (!reply.hasHeader('content-security-policy')) {
      const policy = policyFor(request, reply, https);
      if (policy) reply.header('content-security-policy', policy);
    }
    if (https) reply.header('strict-transport-security', HSTS);
    if (PUBLIC_PICTURES.test(request.url)) reply.header('cross-origin-resource-policy', 'cross-origin');
    return payload;
  });
}
