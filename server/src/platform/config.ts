// Configuration comes from environment variables only (README lists them); read once at start.
import { resolve } from 'node:path';

export interface Config {
  port: number;
  host: string;
  /** PGlite data folder, or 'memory'. Ignored when databaseUrl is set. */
  dataDir: string;
  /** postgres://… switches from the embedded PGlite to a PostgreSQL server. */
  databaseUrl: string | null;
  demoData: boolean;
  adminEmail: string;
  adminPassword: string | null;
  /** Address the storefront's server-side loaders call the API at; the browser uses its own origin. */
  baseUrlToApi: string | null;
  /** The site's public address (https://shop.example) for sitemap.xml, robots.txt and canonical links;
   *  without it they use the address each request came to. */
  siteUrl: string | null;
  logLevel: string;
  storefrontBuildDir: string;
  adminDistDir: string;
  migrationsDir: string;
  /** PAGE_CACHE_MB: memory for guests' whole pages (web/page-cache.ts), compressed; 0 turns the cache off. */
  pageCacheMb: number;
  /** PAGE_CACHE_SECONDS: the oldest a cached page may be served, whatever changed or not. */
  pageCacheSeconds: number;
  /** Uploaded and generated images, served at /uploads/. */
  uploadsDir: string;
  /** Which proxies' X-Forwarded-For to believe (Fastify's trustProxy): the client IP decides rate limits
   *  and consent records, so a spoofed header must not count. Default: loopback only (a local nginx). */
  trustProxy: boolean | string;
  /** Multiplies every abuse limit (RATE_LIMIT_SCALE); the browser tests raise it, production keeps 1. */
  rateLimitScale: number;
  /** smtp://user:pass@host:port or smtps://…; overrides the SMTP settings of the admin. */
  smtpUrl: string | null;
  /** Sender of e-mails ("Shop <shop@example.ru>"); overrides the admin's sender settings. */
  mailFrom: string | null;
  /** SMS.ru api_id; overrides the admin's SMS settings. */
  smsRuApiId: string | null;
  /** SMS.ru's address (tests point it at a local server). */
  smsRuUrl: string;
  /** YooKassa's API address (YOOKASSA_API_URL); the tests point it at their local server that speaks the
   *  same protocol (server/test/fake-yookassa.ts). */
  yookassaApiUrl: string;
  /** Addresses besides YooKassa's own from which payment notifications are taken (YOOKASSA_NOTIFY_IPS,
   *  comma-separated IPs or CIDR ranges): the tests' local server. Production leaves it empty. */
  yookassaExtraNotifyIps: string[];
  /** СДЭК's API (CDEK_API_URL, with /v2); the tests point it at their local server that speaks the same
   *  protocol (server/test/fake-cdek.ts). Set, it serves the services in test mode too. */
  cdekApiUrl: string;
  /** СДЭК's training stand, for a delivery service in test mode. */
  cdekTestApiUrl: string;
  /** Почта России's public tariff calculator (RUSSIAN_POST_API_URL, with /v2). */
  russianPostApiUrl: string;
  /** How long the checkout waits for a carrier's answer before it takes the service's flat price
   *  (CARRIER_TIMEOUT_MS, default 4000). */
  carrierTimeoutMs: number;
  /** Whether this instance delivers the outbox (OUTBOX_WORKER=0 leaves it to other instances). */
  outboxWorker: boolean;
  /** CAPTCHA_TEST_ANSWER: every captcha gets this answer, so browser tests can pass it. Honoured only with
   *  E2E_TEST_MODE=1 (the server refuses to start otherwise); null everywhere else. */
  captchaTestAnswer: string | null;
  /** BACKUP_TOKEN: opens GET /ops/backup (a whole backup of the running shop, platform/backup/route.ts) to
   *  `Authorization: Bearer <it>`; npm run db:backup sends it. Unset, the endpoint does not exist. */
  backupToken: string | null;
}

const ROOT = resolve(import.meta.dirname, '../../..');

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT must be a port number, got ${env.PORT}`);
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir: env.DATA_DIR === 'memory' ? 'memory' : resolve(env.DATA_DIR ?? resolve(ROOT, 'data')),
    databaseUrl: env.DATABASE_URL || null,
    demoData: env.DEMO_DATA !== '0',
    adminEmail: env.ADMIN_EMAIL ?? 'admin@shop.local',
    adminPassword: env.ADMIN_PASSWORD || null,
    baseUrlToApi: env.BASE_URL_TO_API || null,
    siteUrl: env.SITE_URL || null,
    logLevel: env.LOG_LEVEL ?? 'info',
    // The same variable the storefront's build reads (react-router.config.ts), relative to storefront/.
    storefrontBuildDir: resolve(ROOT, 'storefront', env.STOREFRONT_BUILD_DIR || 'build'),
    adminDistDir: resolve(ROOT, 'admin/dist'),
    migrationsDir: resolve(ROOT, 'server/migrations'),
    pageCacheMb: nonNegativeNumber(env.PAGE_CACHE_MB, 'PAGE_CACHE_MB', 32),
    pageCacheSeconds: positiveNumber(env.PAGE_CACHE_SECONDS, 'PAGE_CACHE_SECONDS', 60),
    uploadsDir: resolve(env.UPLOADS_DIR ?? resolve(ROOT, 'uploads')),
    trustProxy: trustProxyOf(env.TRUST_PROXY),
    rateLimitScale: positiveNumber(env.RATE_LIMIT_SCALE, 'RATE_LIMIT_SCALE', 1),
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM || null,
    smsRuApiId: env.SMS_RU_API_ID || null,
    smsRuUrl: env.SMS_RU_URL || 'https://sms.ru',
    yookassaApiUrl: (env.YOOKASSA_API_URL || 'https://api.yookassa.ru/v3').replace(/\/+$/, ''),
    yookassaExtraNotifyIps: (env.YOOKASSA_NOTIFY_IPS ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    cdekApiUrl: (env.CDEK_API_URL || 'https://api.cdek.ru/v2').replace(/\/+$/, ''),
    cdekTestApiUrl: (env.CDEK_API_URL || 'https://api.edu.cdek.ru/v2').replace(/\/+$/, ''),
    russianPostApiUrl: (env.RUSSIAN_POST_API_URL || 'https://tariff.pochta.ru/v2').replace(/\/+$/, ''),
    carrierTimeoutMs: positiveNumber(env.CARRIER_TIMEOUT_MS, 'CARRIER_TIMEOUT_MS', 4000),
    outboxWorker: env.OUTBOX_WORKER !== '0',
    captchaTestAnswer: captchaTestAnswerOf(env),
    backupToken: backupTokenOf(env.BACKUP_TOKEN),
  };
}

// A known captcha answer turns the captcha off: a deployment that copied it into its environment by
// mistake must fail loudly rather than run unprotected.
function captchaTestAnswerOf(env: NodeJS.ProcessEnv): string | null {
  const answer = env.CAPTCHA_TEST_ANSWER;
  if (answer === undefined || answer === '') return null;
  if (env.E2E_TEST_MODE !== '1')
    throw new Error('CAPTCHA_TEST_ANSWER is for the browser tests only: it needs E2E_TEST_MODE=1');
  if (!/^[A-Za-z0-9]{1,20}$/.test(answer))
    throw new Error(`CAPTCHA_TEST_ANSWER must be 1 to 20 Latin letters or digits, got ${answer}`);
  return answer;
}

// The token hands out every customer's data and password hash: a short one could be guessed.
function backupTokenOf(raw: string | undefined): string | null {
  if (raw === undefined || raw === '') return null;
  if (!/^[\x21-\x7e]{32,200}$/.test(raw))
    throw new Error(
      'BACKUP_TOKEN must be 32 to 200 printable characters without spaces (e.g. `openssl rand -hex 32`)',
    );
  return raw;
}

function positiveNumber(raw: string | undefined, name: string, dflt: number): number {
  if (raw === undefined || raw === '') return dflt;
  const n = Number(raw);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} must be a positive number, got ${raw}`);
  return n;
}

function nonNegativeNumber(raw: string | undefined, name: string, dflt: number): number {
  if (raw === undefined || raw === '') return dflt;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < 0) throw new Error(`${name} must be 0 or more, got ${raw}`);
  return n;
}

/** TRUST_PROXY: "true"/"false", or addresses and subnets ("loopback", "10.0.0.0/8,…"). */
function trustProxyOf(raw: string | undefined): boolean | string {
  if (raw === undefined || raw === '') return 'loopback';
  if (raw === 'true') return true;
  if (raw === 'false') return false;
  return raw;
}
