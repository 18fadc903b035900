// Applies the committed SQL migrations in order, each in its own transaction, recording what ran.
import { sql } from 'drizzle-orm';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { selectRows, type Database } from './index';

const MIGRATION_LOCK = 72_431_001;

/** The migrations of this version of the shop, in the order they apply. */
export function migrationFiles(dir: string): string[] {
  return readdirSync(dir)
    .filter((f) => /^\d{4}_.*\.sql$/.test(f))
    .sort();
}

/**
 * Applies the pending migrations, or only those up to `upTo` (a restore brings the schema to its backup's
 * level before loading its rows; the next start applies the rest).
 */
export async function migrate(
  database: Database,
  dir: string,
  opts: { upTo?: string } = {},
): Promise<string[]> {
  const files = migrationFiles(dir).filter((f) => opts.upTo === undefined || f <= opts.upTo);
  return database.withLock(MIGRATION_LOCK, async () => {
    await database.exec(
      'CREATE TABLE IF NOT EXISTS _migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    const done = await selectRows<{ name: string }>(database.db, sql`SELECT name FROM _migrations`);
    const applied = new Set(done.map((r) => r.name));
    const ran: string[] = [];
    for (const file of files) {
      if (applied.has(file)) continue;
      const script = readFileSync(join(dir, file), 'utf8');
      const escaped = file.replace(/'/g, "''");
      try {
        await database.exec(
          `BEGIN;\n${script}\nINSERT INTO _migrations (name) VALUES ('${escaped}');\nCOMMIT;`,
        );
      } catch (e) {
        throw new Error(`Migration ${file} failed: ${(e as Error).message}`, { cause: e });
      }
      ran.push(file);
    }
    return ran;
  });
}
