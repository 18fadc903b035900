// The stable mapping of 1C's Ид to the shop's records (exchange1c_links): the same group, property, value,
// good, offer or picture lands on the same record at every exchange, whatever its name became.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { exchange1cLinks } from '../../../generated/tables';
import type { DbOrTx } from '../../platform/db';

export type LinkKind = 'group' | 'property' | 'value' | 'product' | 'offer' | 'picture';

export interface Link {
  localId: number | null;
  data: Record<string, unknown>;
}

/** The links of these Ид (all of the kind without a list), by Ид. */
export async function linksOf(
  db: DbOrTx,
  kind: LinkKind,
  externalIds?: string[],
): Promise<Map<string, Link>> {
  if (externalIds && !externalIds.length) return new Map();
  const rows = await db
    .select({
      externalId: exchange1cLinks.externalId,
      localId: exchange1cLinks.localId,
      data: exchange1cLinks.data,
    })
    .from(exchange1cLinks)
    .where(
      externalIds
        ? and(eq(exchange1cLinks.kind, kind), inArray(exchange1cLinks.externalId, [...new Set(externalIds)]))
        : eq(exchange1cLinks.kind, kind),
    );
  return new Map(
    rows.map((r) => [r.externalId, { localId: r.localId, data: r.data as Record<string, unknown> }]),
  );
}

/** Stores links (a known Ид gets its record and data replaced); `updated_at` says when 1C last sent it. */
export async function saveLinks(
  db: DbOrTx,
  kind: LinkKind,
  rows: { externalId: string; localId: number | null; data?: Record<string, unknown> }[],
): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) {
    const part = rows.slice(i, i + 500);
    await db
      .insert(exchange1cLinks)
      .values(part.map((r) => ({ kind, externalId: r.externalId, localId: r.localId, data: r.data ?? {} })))
      .onConflictDoUpdate({
        target: [exchange1cLinks.kind, exchange1cLinks.externalId],
        set: {
          localId: sql`excluded.local_id`,
          data: sql`excluded.data`,
          updatedAt: sql`now()`,
        },
      });
  }
}

/** Marks these Ид as sent by 1C now (a full catalogue hides the goods it did not send: deactivate.ts). */
export async function touchLinks(db: DbOrTx, kind: LinkKind, externalIds: string[]): Promise<void> {
  if (!externalIds.length) return;
  await db
    .update(exchange1cLinks)
    .set({ updatedAt: sql`now()` })
    .where(and(eq(exchange1cLinks.kind, kind), inArray(exchange1cLinks.externalId, externalIds)));
}
