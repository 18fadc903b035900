// The shop's settings are one row of `settings` (the admin's settings screen); should an administrator have
// made more, the oldest wins everywhere.
import { asc, getTableName } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { keptUntilChange, type PublicData } from '../../platform/web/public-data';
import { settings } from '../../../generated/tables';

export async function settingsRow(db: DbOrTx) {
  const [row] = await db.select().from(settings).orderBy(asc(settings.id)).limit(1);
  return row;
}

export type SettingsRow = Awaited<ReturnType<typeof settingsRow>>;

const keptByApp = new WeakMap<PublicData, () => Promise<SettingsRow>>();

/**
 * The settings row kept in memory until it changes (public-data.ts): every page's header, every cart and
 * every order read it, an administrator changes it a few times a year. One copy per app (per PublicData).
 */
export function keptSettings(publicData: PublicData, db: DbOrTx): () => Promise<SettingsRow> {
  let kept = keptByApp.get(publicData);
  if (!kept) {
    const read = keptUntilChange(publicData, () => settingsRow(db), { tables: [getTableName(settings)] });
    kept = () => read();
    keptByApp.set(publicData, kept);
  }
  return kept;
}
