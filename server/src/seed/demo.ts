// The demo shop: on an empty shop (no products) fills every section with plausible Russian content,
// so that the storefront and the admin have something to show on first start. Deterministic: the
// same seed gives the same shop; only dates are relative to now, so promotions are running.
import { count, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../platform/db';
import { products } from '../../generated/tables';
import { loadConfig } from '../platform/config';
import { createStorage, type FileStorage } from '../platform/storage';
import { KINDS, draftProduct, insertDrafts, type Draft } from './catalog';
import { seedContent } from './content';
import { seedCustomers } from './customers';
import { seedOrders } from './orders';
import { ensureDemoImages } from './images';
import { Rng } from './random';
import { loadCatalogContext, seedReference, type CatalogContext } from './reference';
import type { Kind } from './types';

const SEED = 20_240_601;
// Two instances starting together on one PostgreSQL must not both seed.
const SEED_LOCK = 72_431_002;
const HOUR = 60 * 60 * 1000;

/** Promotions in content.ts advertise these discounts; the offers carry them. */
const PROMO_DISCOUNT: Record<string, number> = { 'lashes-easyfan': 15, 'glue-sensitive': 10 };

export async function seedDemo(
  db: Db,
  opts: { storage: FileStorage } = { storage: createStorage(loadConfig()) },
): Promise<null | Record<string, number>> {
  if (await hasProducts(db)) return null;
  // Files first and outside the transaction: writing them is idempotent, and sharp takes a few seconds.
  const images = await ensureDemoImages(opts.storage);

  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${SEED_LOCK})`);
    if (await hasProducts(tx)) return null;
    const now = new Date();
    const rng = new Rng(SEED);
    const reference = await seedReference(tx);
    const ctx = await loadCatalogContext(tx);
    const demo = demoDrafts(rng, ctx, now);
    // The products' own pictures, which only the drafts name; in the transaction, so a failure leaves no product without them.
    const pictures = await ensureDemoImages(
      opts.storage,
      demo.flatMap((d) => d.draft.pictures),
    );
    const inserted = await insertDrafts(
      tx,
      demo.map((d) => d.draft),
    );
    const content = await seedContent(
      tx,
      rng,
      demo.map((d, i) => ({ id: inserted.ids[i]!, kind: d.kind.key })),
      now,
    );
    const customers = await seedCustomers(tx, now);
    const demoOrders = await seedOrders(tx, now);
    return {
      ...reference,
      products: inserted.products,
      productOffers: inserted.offers,
      ...content,
      ...customers,
      ...demoOrders,
      images: images + pictures,
    };
  });
}

async function hasProducts(db: DbOrTx): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(products);
  return (row?.n ?? 0) > 0;
}

/**
 * Each kind's demo share, in a shuffled order so that the newest products are a mix of kinds. Titles
 * repeat now and then (brand × line); such a draft is made again, as the demo shop has no numbered slugs.
 */
function demoDrafts(rng: Rng, ctx: CatalogContext, now: Date): { kind: Kind; draft: Draft }[] {
  const slots = rng.shuffle(KINDS.flatMap((kind) => Array.from({ length: kind.demoCount }, () => kind)));
  const slugs = new Set<string>();
  return slots.map((kind, i) => {
    let draft = draftProduct(rng, ctx, kind, i + 1, false);
    for (let attempt = 0; slugs.has(draft.product.slug); attempt++) {
      draft = draftProduct(rng, ctx, kind, i + 1, attempt >= 30);
    }
    slugs.add(draft.product.slug);
    // Spread over the last weeks, one product every six hours; the latest ones are the novelties.
    const createdAt = new Date(now.getTime() - (slots.length - i) * 6 * HOUR);
    Object.assign(draft.product, { createdAt, updatedAt: createdAt, isNew: i >= slots.length - 16 });
    const discount = PROMO_DISCOUNT[kind.key];
    if (discount) {
      for (const offer of draft.offers)
        offer.salePrice = Math.round(((offer.basePrice ?? 0) * (100 - discount)) / 100 / 1000) * 1000;
    }
    return { kind, draft };
  });
}
