// NOTIFY through db/index.ts: a process hears its own write before the write returns (its pooled
// connections LISTEN), another process hears it from its listening connection, and each hears it once,
// so a cache is dropped once per change and not again a moment later, after it was filled anew.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_TARGETS, openTestDatabase } from './harness';
import { openDatabase, POOLED_CHANNELS, type Database } from '../src/platform/db';

const CHANNEL = POOLED_CHANNELS[0]!;
const settle = () => new Promise((done) => setTimeout(done, 300));
const postgres = DB_TARGETS.find((d) => d.name === 'postgres')!;

describe.skipIf(!postgres.url)('notifications on postgres', () => {
  let writer: Database & { url: string | null };
  let other: Database;
  const heardByWriter: string[] = [];
  const heardByOther: string[] = [];

  beforeAll(async () => {
    writer = await openTestDatabase(postgres);
    // A second instance on the same database: a process of its own, as another server would be.
    other = await openDatabase({ databaseUrl: writer.url, dataDir: 'memory' });
    await writer.listen(CHANNEL, (p) => heardByWriter.push(p ?? 'lost'));
    await other.listen(CHANNEL, (p) => heardByOther.push(p ?? 'lost'));
    // Warm several pooled connections, so that more than the writing one LISTEN.
    await Promise.all([1, 2, 3].map(() => writer.db.execute(sql`SELECT pg_sleep(0.05)`)));
  });
  afterAll(async () => {
    await other?.close();
    await writer?.close();
  });

  it('the writer hears its change before the write returns, every instance hears it once', async () => {
    await writer.db.execute(sql`SELECT pg_notify(${CHANNEL}, 'products')`);
    expect(heardByWriter).toEqual(['products']);
    await settle();
    expect(heardByWriter).toEqual(['products']);
    expect(heardByOther).toEqual(['products']);

    await other.db.execute(sql`SELECT pg_notify(${CHANNEL}, 'offers')`);
    await settle();
    expect(heardByWriter).toEqual(['products', 'offers']);
    expect(heardByOther).toEqual(['products', 'offers']);
  });
});
