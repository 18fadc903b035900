// The demo shop (spec: first start on an empty database): enough consistent data for every page,
// created once, and the same data on every run.
import { asc, count, eq } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isValidAccount, isValidInn, isValidKpp, isValidOgrn } from '@shop/schemas';
import {
  banners,
  cartRules,
  coupons,
  directories,
  directoryEntries,
  galleries,
  galleryImages,
  orderItems,
  orders,
  productCategories,
  productOffers,
  products,
  promotions,
  settings,
  userOrganizations,
  users,
} from '../generated/tables';
import { openDatabase, type Database } from '../src/platform/db';
import { migrate } from '../src/platform/db/migrate';
import { seedDemo } from '../src/seed/demo';
import { localDiskStorage } from '../src/platform/storage';

const MIGRATIONS = resolve(import.meta.dirname, '../migrations');

async function emptyShop(): Promise<Database> {
  const database = await openDatabase({ databaseUrl: null, dataDir: 'memory' });
  await migrate(database, MIGRATIONS);
  return database;
}

let database: Database;
let uploadsDir: string;
let counts: Record<string, number> | null;

beforeAll(async () => {
  uploadsDir = mkdtempSync(join(tmpdir(), 'seed-test-'));
  database = await emptyShop();
  counts = await seedDemo(database.db, { storage: localDiskStorage(uploadsDir) });
});

afterAll(async () => {
  await database?.close();
  rmSync(uploadsDir, { recursive: true, force: true });
});

describe('seedDemo', () => {
  it('creates at least 120 active products, each with an offer, a brand, a category and an image on disk', async () => {
    const { db } = database;
    const rows = await db.select().from(products);
    expect(rows.length).toBeGreaterThanOrEqual(120);
    expect(counts?.products).toBe(rows.length);

    const offers = await db.select({ productId: productOffers.productId }).from(productOffers);
    const withOffers = new Set(offers.map((o) => o.productId));
    for (const p of rows) {
      expect(withOffers.has(p.id), p.title).toBe(true);
      expect(p.active && p.brandId !== null && p.categoryIds.length > 0).toBe(true);
      const images = p.images as { url: string; alt: string }[];
      expect(images.length, p.title).toBeGreaterThanOrEqual(2);
      expect(images.length, p.title).toBeLessThanOrEqual(4);
      expect(new Set(images.map((i) => i.url)).size, p.title).toBe(images.length);
      for (const image of images) {
        expect(image.url).toMatch(/^\/uploads\/demo\/[a-z0-9-]+\.webp$/);
        expect(image.alt.startsWith(p.title), image.url).toBe(true);
        expect(existsSync(join(uploadsDir, image.url.replace('/uploads/', ''))), image.url).toBe(true);
      }
    }
    expect(rows.some((p) => p.isNew) && rows.some((p) => p.isHit)).toBe(true);
  });

  it('gives the products of one category cards that differ: no two first pictures are the same file', async () => {
    const rows = await database.db
      .select({ title: products.title, categoryIds: products.categoryIds, images: products.images })
      .from(products);
    const seen = new Map<string, string>();
    for (const p of rows) {
      const url = (p.images as { url: string }[])[0]!.url;
      const bytes = readFileSync(join(uploadsDir, url.replace('/uploads/', '')));
      const key = `${p.categoryIds[0]}:${createHash('sha256').update(bytes).digest('hex')}`;
      expect(seen.get(key), `${p.title} looks like ${seen.get(key)}`).toBeUndefined();
      seen.set(key, p.title);
    }
    // Not all in one category either: lashes alone have five.
    expect(new Set(rows.map((p) => p.categoryIds[0])).size).toBeGreaterThan(20);
  });

  it('gives lash offers curl, thickness and length that exist as directory entries', async () => {
    const { db } = database;
    const entries = await db
      .select({ directory: directories.code, code: directoryEntries.code })
      .from(directoryEntries)
      .innerJoin(directories, eq(directories.id, directoryEntries.directoryId));
    const known = new Set(entries.map((e) => `${e.directory}:${e.code}`));

    const [lashRoot] = await db
      .select({ id: productCategories.id })
      .from(productCategories)
      .where(eq(productCategories.slug, 'resnitsy'));
    const lashCategories = new Set(
      (
        await db
          .select({ id: productCategories.id })
          .from(productCategories)
          .where(eq(productCategories.parentId, lashRoot!.id))
      ).map((c) => c.id),
    );
    const offers = await db
      .select({
        attributes: productOffers.attributes,
        categoryIds: products.categoryIds,
        basePrice: productOffers.basePrice,
        salePrice: productOffers.salePrice,
      })
      .from(productOffers)
      .innerJoin(products, eq(products.id, productOffers.productId));
    const lashOffers = offers.filter((o) => o.categoryIds.some((id) => lashCategories.has(id)));
    expect(lashOffers.length).toBeGreaterThan(300);
    for (const o of lashOffers) {
      const attributes = o.attributes as Record<string, string>;
      for (const key of ['curl', 'thickness', 'length'])
        expect(known, `${key}:${attributes[key]}`).toContain(`${key}:${attributes[key]}`);
    }
    for (const o of offers) {
      for (const [key, value] of Object.entries(o.attributes as Record<string, string>))
        expect(known).toContain(`${key}:${value}`);
      expect(o.basePrice).toBeGreaterThan(0);
      if (o.salePrice !== null) expect(o.salePrice).toBeLessThan(o.basePrice ?? 0);
    }
  });

  it('builds a two-level category tree with products in the leaves', async () => {
    const { db } = database;
    const cats = await db
      .select({
        id: productCategories.id,
        parentId: productCategories.parentId,
        imageUrl: productCategories.imageUrl,
      })
      .from(productCategories);
    const roots = new Set(cats.filter((c) => c.parentId === null).map((c) => c.id));
    const leaves = cats.filter((c) => c.parentId !== null);
    expect(roots.size).toBeGreaterThanOrEqual(5);
    for (const leaf of leaves) expect(roots.has(leaf.parentId!)).toBe(true);
    for (const root of roots) expect(leaves.some((l) => l.parentId === root)).toBe(true);
    expect(cats.every((c) => c.imageUrl)).toBe(true);
    const leafIds = new Set(leaves.map((l) => l.id));
    for (const p of await db.select({ categoryIds: products.categoryIds }).from(products))
      expect(leafIds.has(p.categoryIds[0]!)).toBe(true);
  });

  it('creates exactly one settings row', async () => {
    const rows = await database.db.select().from(settings);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      shopName: 'LashLine',
      maintenanceMode: false,
      supportPhone: '+78005553535',
    });
  });

  it('has customers of every type, two acting for a representative group, and their organisations', async () => {
    const { db } = database;
    const customers = await db.select().from(users).where(eq(users.role, 'customer'));
    expect(customers.length).toBeGreaterThanOrEqual(10);
    expect(new Set(customers.map((c) => c.userTypeId)).size).toBe(3);
    expect(customers.filter((c) => c.groupIds.length > 0)).toHaveLength(2);
    expect(customers.every((c) => c.passwordHash === null)).toBe(true);

    const organisations = await db.select().from(userOrganizations);
    expect(organisations.length).toBeGreaterThanOrEqual(3);
    for (const o of organisations) {
      expect(isValidInn(o.inn), o.name).toBe(true);
      expect(o.inn).toHaveLength(o.legalForm === 'ip' ? 12 : 10);
      expect(isValidOgrn(o.ogrn!), o.name).toBe(true);
      expect(o.ogrn).toHaveLength(o.legalForm === 'ip' ? 15 : 13);
      if (o.legalForm === 'ooo') expect(isValidKpp(o.kpp!)).toBe(true);
      expect(isValidAccount(o.bik!, o.settlementAccount!), o.name).toBe(true);
    }
  });

  it('has photo galleries with images on disk and cart rules', async () => {
    const { db } = database;
    expect((await db.select().from(galleries)).length).toBeGreaterThanOrEqual(2);
    const images = await db.select().from(galleryImages);
    expect(images.length).toBeGreaterThanOrEqual(5);
    for (const image of images)
      expect(existsSync(join(uploadsDir, image.url.replace('/uploads/', ''))), image.url).toBe(true);
    const rules = await db.select().from(cartRules);
    expect(rules.map((r) => r.discountType).sort()).toEqual(['free_delivery', 'percent']);
    // The README's promo codes, one of each kind.
    const codes = await db.select().from(coupons);
    expect(codes.map((c) => [c.code, c.type]).sort()).toEqual([
      ['DOSTAVKA', 'free_delivery'],
      ['KLEY15', 'percent'],
      ['LASH10', 'percent'],
      ['LETO2025', 'percent'],
      ['MINUS500', 'fixed'],
    ]);
  });

  it('has a month of orders in every status, numbered, with totals the orders hook computed', async () => {
    const { db } = database;
    const rows = await db.select().from(orders);
    expect(rows.length).toBeGreaterThanOrEqual(30);
    expect(new Set(rows.map((o) => o.status))).toEqual(
      new Set(['new', 'confirmed', 'paid', 'shipped', 'completed', 'canceled']),
    );
    expect(new Set(rows.map((o) => o.number)).size).toBe(rows.length);
    const items = await db.select().from(orderItems);
    for (const o of rows) {
      expect(o.number).toMatch(/^\d{4}-\d{6}$/);
      expect(Date.now() - o.createdAt.getTime()).toBeLessThan(31 * 24 * 60 * 60 * 1000);
      const own = items.filter((i) => i.orderId === o.id);
      expect(own.length, o.number).toBeGreaterThan(0);
      expect(o.itemsTotal).toBe(own.reduce((sum, i) => sum + i.price * i.quantity, 0));
      expect(o.total).toBe(o.itemsTotal + o.deliveryPrice - o.discountTotal);
      // Paid means a date of payment; a refunded order keeps the date it was paid, if it was before the cancel.
      if (o.paymentStatus === 'paid') expect(o.paidAt, o.number).not.toBeNull();
      if (o.paymentStatus !== 'paid' && o.paymentStatus !== 'refunded') expect(o.paidAt, o.number).toBeNull();
    }
  });

  it('dates the promotion banner by its promotion, not «до конца месяца»', async () => {
    const db = database.db;
    const [promo] = await db
      .select({ endsAt: promotions.endsAt, announce: promotions.announce })
      .from(promotions)
      .where(eq(promotions.slug, 'nedelya-easy-fan'));
    const [banner] = await db
      .select({ text: banners.text })
      .from(banners)
      .where(eq(banners.link, '/promotions/nedelya-easy-fan'));
    const day = new Intl.DateTimeFormat('ru-RU', {
      day: 'numeric',
      month: 'long',
      timeZone: 'Europe/Moscow',
    });
    const until = `до ${day.format(new Date(promo!.endsAt!))}`;
    expect(banner!.text).toContain(until);
    expect(promo!.announce).toContain(until);
    expect(`${banner!.text} ${promo!.announce}`).not.toMatch(/конца месяца|\{until\}/);
  });

  it('does nothing on a shop that has products', async () => {
    const before = await database.db.select({ n: count() }).from(productOffers);
    expect(await seedDemo(database.db, { storage: localDiskStorage(uploadsDir) })).toBeNull();
    const after = await database.db.select({ n: count() }).from(productOffers);
    expect(after).toEqual(before);
    expect(await database.db.select().from(settings)).toHaveLength(1);
  });

  it('gives the same shop on every run', async () => {
    const other = await emptyShop();
    try {
      await seedDemo(other.db, { storage: localDiskStorage(uploadsDir) });
      const list = (db: Database['db']) =>
        db
          .select({
            article: productOffers.article,
            price: productOffers.basePrice,
            stock: productOffers.stock,
          })
          .from(productOffers)
          .orderBy(asc(productOffers.id));
      expect(await list(other.db)).toEqual(await list(database.db));
    } finally {
      await other.close();
    }
  });
});
