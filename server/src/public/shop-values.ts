// What the public forms' letters need besides their own fields: the site's address for links, and the
// shop's name, site and phone that every template may use (COMMON_VARIABLES of messages/catalog.ts).
import { asc } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { DbOrTx } from '../db';
import { settings } from '../../generated/tables';

/** SITE_URL when configured, else the address the request came to (behind a trusted proxy too). */
export function siteOrigin(siteUrl: string | null, request: FastifyRequest): string {
  return siteUrl ? new URL(siteUrl).origin : `${request.protocol}://${request.host}`;
}

/** The settings row: the oldest, should an administrator have made more. */
export async function settingsRow(db: DbOrTx) {
  const [row] = await db.select().from(settings).orderBy(asc(settings.id)).limit(1);
  return row;
}

/** The common template values, filled from the settings row (enqueueTemplated* and mailings). */
export async function shopValues(db: DbOrTx, site: string) {
  const row = await settingsRow(db);
  return { shopName: row?.shopName ?? '', siteUrl: site, supportPhone: row?.supportPhone ?? '' };
}
