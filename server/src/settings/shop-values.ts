// What the public forms' letters need besides their own fields: the site's address for links, and the
// shop's name, site and phone that every template may use (COMMON_VARIABLES of messages/catalog.ts).
import type { FastifyRequest } from 'fastify';
import type { DbOrTx } from '../db';
import { settingsRow } from './settings';

/** SITE_URL when configured, else the address the request came to (behind a trusted proxy too). */
export function siteOrigin(siteUrl: string | null, request: FastifyRequest): string {
  return siteUrl ? new URL(siteUrl).origin : `${request.protocol}://${request.host}`;
}

/** The common template values, filled from the settings row (enqueueTemplated* and mailings). */
export async function shopValues(db: DbOrTx, site: string) {
  const row = await settingsRow(db);
  return { shopName: row?.shopName ?? '', siteUrl: site, supportPhone: row?.supportPhone ?? '' };
}
