// npm run seed -- --products 100000: fills the configured database (DATA_DIR or DATABASE_URL) with a
// large catalogue for load tests. On an empty shop it first creates the demo shop (directories,
// categories, content), then adds generated products until there are N in total.
import { count, max } from 'drizzle-orm';
import { parseArgs } from 'node:util';
import { products } from '../../generated/tables';
import { loadConfig } from '../platform/config';
import { openDatabase } from '../platform/db';
import { createStorage } from '../platform/storage';
import { migrate } from '../platform/db/migrate';
import { vacuumSearchTables } from '../domains/catalog';
import { draftProduct, insertDrafts, pickKind } from './catalog';
import { seedDemo } from './demo';
import { ensureDemoImages } from './images';
import { Rng } from './random';
import { loadCatalogContext } from './reference';

const { values } = parseArgs({
  options: {
    products: { type: 'string', default: '0' },
    batch: { type: 'string', default: '1000' },
    help: { type: 'boolean', default: false },
  },
});
const target = Number(values.products);
const batchSize = Number(values.batch);
if (values.help || !Number.isInteger(target) || target < 0 || !Number.isInteger(batchSize) || batchSize < 1) {
  console.log(
    'Usage: npm run seed -- [--products N] [--batch 1000]\n  Creates the demo shop on an empty database, then adds products up to N in total.',
  );
  process.exit(values.help ? 0 : 1);
}

const started = performance.now();
const elapsed = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;
const config = loadConfig();
const database = await openDatabase({ ...config, holder: 'npm run seed' });
const storage = createStorage(config);
try {
  await migrate(database, config.migrationsDir);
  const { db } = database;
  const demo = await seedDemo(db, { storage });
  console.log(
    demo
      ? `demo shop created (${elapsed()}): ${JSON.stringify(demo)}`
      : 'the shop has products: demo data skipped',
  );
  // Generated products use the demo pictures; a shop seeded elsewhere may not have them here.
  await ensureDemoImages(storage);

  const ctx = await loadCatalogContext(db);
  const [row] = await db.select({ n: count(), maxId: max(products.id) }).from(products);
  const existing = row?.n ?? 0;
  const toAdd = Math.max(0, target - existing);
  if (!toAdd) console.log(`${existing} products already, nothing to add`);

  // Numbers continue after the highest id, so articles and slugs never meet earlier ones; the PRNG is
  // seeded from that start, so the same command on the same database gives the same products.
  let seq = (row?.maxId ?? 0) + 1;
  const rng = new Rng(seq * 7919);
  let added = 0;
  let offers = 0;
  const tty = process.stdout.isTTY;
  while (added < toAdd) {
    const n = Math.min(batchSize, toAdd - added);
    const drafts = Array.from({ length: n }, () => draftProduct(rng, ctx, pickKind(rng), seq++, true));
    await ensureDemoImages(
      storage,
      drafts.flatMap((d) => d.pictures),
    );
    // One transaction per batch: an interrupted run leaves no product without its offers.
    const result = await db.transaction((tx) => insertDrafts(tx, drafts));
    added += result.products;
    offers += result.offers;
    const line = `${(existing + added).toLocaleString('ru-RU')} / ${target.toLocaleString('ru-RU')} products, ${offers.toLocaleString('ru-RU')} offers added, ${elapsed()}`;
    if (tty) process.stdout.write(`\r${line}`);
    else if (added === toAdd || (added / batchSize) % 10 === 0) console.log(line);
  }
  if (tty && added) process.stdout.write('\n');
  // The search tables' statistics (PGlite has no autovacuum).
  if (demo || added) await vacuumSearchTables(db);
  console.log(`done in ${elapsed()} (${database.kind})`);
} finally {
  await database.close();
}
