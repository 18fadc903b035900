// The shop's settings are one row of `settings` (the admin's settings screen); should an administrator have
// made more, the oldest wins everywhere.
import { asc } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { settings } from '../../../generated/tables';

export async function settingsRow(db: DbOrTx) {
  const [row] = await db.select().from(settings).orderBy(asc(settings.id)).limit(1);
  return row;
}
