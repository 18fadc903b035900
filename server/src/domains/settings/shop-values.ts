// What the public forms' letters need besides their own fields: the site's address for links, and the
// shop's name, site and phone that every template may use (COMMON_VARIABLES of messages/catalog.ts).
import type { FastifyRequest } from 'fastify';
import type { DbOrTx } from '../../platform/db';
import { settingsRow } from './settings';

/** SITE_URL when configured, else the address the request came to (behind a trusted proxy too). */
export function siteOrigin(siteUrl: string | null, request: FastifyRequest): string {
  return siteUrl ? new URL(siteUrl).origin : `${request.protocol}://${request.host}`;
}

type SettingsRow = Awaited<ReturnType<typeof settingsRow>>;

/** The common template values from a settings row already read (a caller sending several messages). */
export function commonValues(row: SettingsRow, site: string) {
  return { shopName: row?.shopName ?? '', siteUrl: site, supportPhone: row?.supportPhone ?? '' };
}

/** The common template values, filled from the settings row (enqueueTemplated* and mailings). */
export async function shopValues(db: DbOrTx, site: string) {
  return commonValues(await settingsRow(db), site);
}
