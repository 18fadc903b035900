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
  /** Uploaded and generated images, served at /uploads/ (the local store; unused when s3 is set). */
  uploadsDir: string;
  /** An S3-compatible bucket for the uploads instead of UPLOADS_DIR (S3_* variables; storage/s3.ts). */
  s3: S3Config | null;
  /** Which proxies' X-Forwarded-For to believe (Fastify's trustProxy): the client IP decides rate limits
   *  and consent records, so a spoofed header must not count. Default: loopback only (a local nginx). */
  trustProxy: boolean | string;
  /** Multiplies every abuse limit (RATE_LIMIT_SCALE); the browser tests raise it, production keeps 1. */
  rateLimitScale: number;
  /** ONEC_STEP_SECONDS: how long one `mode=import` call of the 1C exchange works before it answers progress. */
  exchange1cStepMs: number;
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
  /** METRICS_TOKEN: GET /metrics on the shop's port answers only `Authorization: Bearer <it>`; without it
   *  that route does not exist (docs/deployment.md, "Watching it run"). */
  metricsToken: string | null;
  /** METRICS_PORT: a port of its own serving GET /metrics without a token, on metricsHost; null: none. */
  metricsPort: number | null;
  /** METRICS_HOST: where METRICS_PORT listens; 127.0.0.1 by default (a Prometheus on the same machine). */
  metricsHost: string;
  /** BACKUP_TOKEN: opens GET /ops/backup (a whole backup of the running shop, platform/backup/route.ts) to
   *  `Authorization: Bearer <it>`; npm run db:backup sends it. Unset, the endpoint does not exist. */
  backupToken: string | null;
}

export interface S3Config {
  /** S3_ENDPOINT: the service's address (https://storage.yandexcloud.net, http://127.0.0.1:9000 for MinIO);
   *  null for Amazon S3 itself, whose address the SDK derives from the region. */
  endpoint: string | null;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** S3_FORCE_PATH_STYLE: <endpoint>/<bucket>/<key> rather than <bucket>.<endpoint>/<key> (MinIO needs it). */
  forcePathStyle: boolean;
  /** S3_PREFIX: a folder in the bucket the keys go under ("shop/"), or "" for the bucket's root. */
  prefix: string;
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
    s3: s3ConfigOf(env),
    trustProxy: trustProxyOf(env.TRUST_PROXY),
    rateLimitScale: positiveNumber(env.RATE_LIMIT_SCALE, 'RATE_LIMIT_SCALE', 1),
    exchange1cStepMs: positiveNumber(env.ONEC_STEP_SECONDS, 'ONEC_STEP_SECONDS', 20) * 1000,
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
    metricsToken: metricsTokenOf(env.METRICS_TOKEN),
    metricsPort: metricsPortOf(env.METRICS_PORT, port),
    metricsHost: env.METRICS_HOST || '127.0.0.1',
    backupToken: backupTokenOf(env.BACKUP_TOKEN),
  };
}

/** A token anyone could guess would open the metrics to the public: at least 16 characters, no spaces. */
function metricsTokenOf(raw: string | undefined): string | null {
  if (raw === undefined || raw === '') return null;
  if (!/^\S{16,}$/.test(raw))
    throw new Error(
      'METRICS_TOKEN must be at least 16 characters without spaces (e.g. openssl rand -hex 24)',
    );
  return raw;
}

function metricsPortOf(raw: string | undefined, shopPort: number): number | null {
  if (raw === undefined || raw === '') return null;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`METRICS_PORT must be a port number, got ${raw}`);
  if (port !== 0 && port === shopPort)
    throw new Error(
      `METRICS_PORT must differ from PORT (${shopPort}): the metrics' port is closed to the public`,
    );
  return port;
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

/** The variables S3 needs; S3_ENDPOINT, S3_FORCE_PATH_STYLE and S3_PREFIX may stay unset. */
const S3_REQUIRED = ['S3_BUCKET', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;
const S3_OPTIONAL = ['S3_ENDPOINT', 'S3_FORCE_PATH_STYLE', 'S3_PREFIX'] as const;

// No S3 variable at all: the local disk. Some but not all: a start-up error naming what is missing, rather
// than pictures silently going to a local folder that the other instances never see.
function s3ConfigOf(env: NodeJS.ProcessEnv): S3Config | null {
  const given = [...S3_REQUIRED, ...S3_OPTIONAL].filter((name) => env[name]);
  if (given.length === 0) return null;
  const missing = S3_REQUIRED.filter((name) => !env[name]);
  if (missing.length)
    throw new Error(
      `Object storage is partly configured (${given.join(', ')} set): ${missing.join(', ')} missing. ` +
        'Set all of S3_BUCKET, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, or none to keep UPLOADS_DIR.',
    );
  const endpoint = env.S3_ENDPOINT || null;
  if (endpoint && !/^https?:\/\/[^/]+/.test(endpoint))
    throw new Error(`S3_ENDPOINT must be an http:// or https:// address, got ${endpoint}`);
  const pathStyle = env.S3_FORCE_PATH_STYLE ?? '';
  if (!['', '0', '1', 'true', 'false'].includes(pathStyle))
    throw new Error(`S3_FORCE_PATH_STYLE must be 1 or 0, got ${pathStyle}`);
  // Plain folder names only: the prefix is joined to keys that are checked the same way (storage/keys.ts).
  const prefix = (env.S3_PREFIX ?? '').replace(/^\/+|\/+$/g, '');
  if (prefix && !prefix.split('/').every((part) => /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/.test(part)))
    throw new Error(
      `S3_PREFIX must be folder names of Latin letters, digits, ".", "_" and "-", got ${prefix}`,
    );
  return {
    endpoint: endpoint?.replace(/\/+$/, '') ?? null,
    bucket: env.S3_BUCKET!,
    region: env.S3_REGION!,
    accessKeyId: env.S3_ACCESS_KEY_ID!,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
    forcePathStyle: pathStyle === '1' || pathStyle === 'true',
    prefix: prefix ? `${prefix}/` : '',
  };
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
