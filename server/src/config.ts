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
  /** Uploaded and generated images, served at /uploads/. */
  uploadsDir: string;
}

const ROOT = resolve(import.meta.dirname, '../..');

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
    storefrontBuildDir: resolve(ROOT, 'storefront/build'),
    adminDistDir: resolve(ROOT, 'admin/dist'),
    migrationsDir: resolve(ROOT, 'server/migrations'),
    uploadsDir: resolve(env.UPLOADS_DIR ?? resolve(ROOT, 'uploads')),
  };
}
