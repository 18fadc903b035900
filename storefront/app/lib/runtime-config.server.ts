import type { CategoryNode, PublicSettings, SessionUser } from '@shop/schemas';
import { data, type AppLoadContext } from 'react-router';
import { serverApi } from './api.server';
import { sessionOf } from './auth.server';
import { CART_COUNT_COOKIE, readCookie } from './cookies';
import { formatPhone } from './format';
import { MAINTENANCE_RETRY_AFTER_S, type MaintenanceData } from './maintenance';
import { FALLBACK_SHELL, PRIVACY_POLICY_PDF, type PublicConfig, type ShellData } from './shell-data';

// Read at request time, so one build serves any deployment (ARCHITECTURE §6): the API address from the
// environment, the shop's contacts and legal details from its settings (edited in the admin).
// Only what is safe to show the browser belongs here: this object is serialised into the page.
export function publicConfig(
  settings: PublicSettings | null,
  env: NodeJS.ProcessEnv,
  requestOrigin: string,
): PublicConfig {
  const fallback = FALLBACK_SHELL.config;
  return {
    apiBaseURL: env.BASE_URL_TO_API ?? fallback.apiBaseURL,
    origin: siteOrigin(env, requestOrigin),
    shopName: settings?.shopName || fallback.shopName,
    supportPhone: settings?.supportPhone ? formatPhone(settings.supportPhone) : fallback.supportPhone,
    supportEmail: settings?.supportEmail || null,
    legalName: settings?.legalName || fallback.legalName,
    registrationNumber: settings?.ogrn || fallback.registrationNumber,
    privacyPolicyUrl: settings?.privacyPolicyUrl || PRIVACY_POLICY_PDF,
    social: settings?.social ?? fallback.social,
    // Digits only: the number is written into an inline script.
    analyticsCounterId: /^\d{1,12}$/.test(settings?.analyticsCounterId ?? '')
      ? settings!.analyticsCounterId
      : null,
    mapsApiKey: settings?.mapsApiKey || null,
    seoTitle: settings?.seoTitle || null,
    seoDescription: settings?.seoDescription || null,
    bonus: settings?.bonus ?? null,
  };
}

/** SITE_URL (the public address behind a proxy) wins over the address the request came to. */
export function siteOrigin(env: NodeJS.ProcessEnv, requestOrigin: string): string {
  const configured = env.SITE_URL?.trim();
  if (configured) {
    try {
      return new URL(configured).origin;
    } catch {
      console.error(`SITE_URL is not an address: ${configured}`);
    }
  }
  return requestOrigin;
}

/** The cart count of the productCard cookie (spec §3): the header's count while the API cannot be asked. */
function countFromCookie(cookieHeader: string | undefined, name: string): number {
  const n = Number.parseInt(readCookie(cookieHeader, name) ?? '', 10);
  return Number.isFinite(n) && n > 0 ? n : 0;
}

/** Roles that keep using the site while it is closed for maintenance (they are the ones fixing it). */
const STAFF_ROLES: ReadonlySet<SessionUser['role']> = new Set(['admin', 'manager', 'content']);
/** The call's answer, or the fallback when it fails (logged in one line: an axios error would flood the log). */
function orElse<T>(call: Promise<T>, fallback: T, what: string): Promise<T> {
  return call.catch((error: unknown) => {
    console.error(`${what} unavailable:`, error instanceof Error ? error.message : error);
    return fallback;
  });
}

export async function loadShellData(
  context: AppLoadContext,
  request: Request,
  env = process.env,
): Promise<ShellData> {
  const api = serverApi(context);
  // Each part degrades on its own: the page still renders with neutral contacts and an empty menu.
  const [settings, categories, maintenance] = await Promise.all([
    orElse<PublicSettings | null>(api.site.settings(), null, 'settings'),
    orElse<CategoryNode[]>(api.catalog.categoriesTree(), [], 'category tree'),
    // A failing check never closes the shop.
    // It also answers the cart's count (the guest's cart by the X-Cart-Token serverApi sends).
    orElse<{ maintenanceMode: boolean; cartCount: number } | null>(
      api.maintenanceMode(),
      null,
      'maintenance mode',
    ),
  ]);
  const config = publicConfig(settings, env, new URL(request.url).origin);

  let maintenanceBypass = false;
  if (maintenance?.maintenanceMode) {
    maintenanceBypass = await isStaff(context);
    if (!maintenanceBypass) {
      const body: MaintenanceData = {
        maintenance: true,
        shopName: config.shopName,
        supportPhone: config.supportPhone,
      };
      throw data(body, {
        status: 503,
        statusText: 'Service Unavailable',
        headers: { 'Retry-After': String(MAINTENANCE_RETRY_AFTER_S), 'Cache-Control': 'no-store' },
      });
    }
  }

  return {
    config,
    categories,
    cartCount: maintenance
      ? maintenance.cartCount
      : countFromCookie(context.requestCookie, CART_COUNT_COOKIE),
    year: new Date().getFullYear(),
    maintenanceBypass,
  };
}

/** Whether the visitor's session belongs to an administrator, manager or editor. The session is the one the
 *  root loader fetches anyway (sessionOf: once per request); none, or a failed fetch, is a visitor (spec §8). */
async function isStaff(context: AppLoadContext): Promise<boolean> {
  const { user } = await sessionOf(context);
  return user !== null && STAFF_ROLES.has(user.role);
}
