// The product generator shared by the demo shop and the large catalogue (npm run seed): kinds give
// the wording and variants, this file adds brand, prices, stock and articles, and inserts in batches.
import { slugify } from '@shop/schemas';
import type { Db, DbOrTx } from '../platform/db';
import { productOffers, products } from '../../generated/tables';
import { rememberWords, searchDocuments, vacuumSearchTables } from '../domains/catalog';
import { demoImageUrl } from './images';
import { LASH_KINDS } from './kinds-lashes';
import { SUPPLY_KINDS } from './kinds-supplies';
import { Rng } from './random';
import { BRANDS, loadCatalogContext, type CatalogContext } from './reference';
import type { Kind } from './types';

export const KINDS: Kind[] = [...LASH_KINDS, ...SUPPLY_KINDS];

type ProductRow = typeof products.$inferInsert;
type OfferRow = Omit<typeof productOffers.$inferInsert, 'productId'>;

export interface Draft {
  product: ProductRow & { slug: string };
  offers: OfferRow[];
  /** The demo pictures it shows, by name: ensureDemoImages draws those that are not there yet. */
  pictures: string[];
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Kopecks, rounded to whole tens of roubles as shops price things. */
const kopecks = (roubles: number) => Math.round(roubles / 10) * 1000;

/**
 * One product of a kind. seq numbers the product: it makes the articles unique, and the slug too when
 * `numberedSlug` is set (the large catalogue repeats titles).
 */
export function draftProduct(
  rng: Rng,
  ctx: CatalogContext,
  kind: Kind,
  seq: number,
  numberedSlug: boolean,
): Draft {
  const brandCodes = kind.brands ?? BRANDS.map((b) => b.code);
  const brandCode = rng.pick(brandCodes);
  const brand = BRANDS.find((b) => b.code === brandCode)!;
  const spec = kind.make(rng, brand);
  const categoryId = ctx.categoryIds.get(kind.category);
  if (categoryId === undefined) throw new Error(`Seed: no category ${kind.category}`);

  const facts = [...spec.facts, ['Производитель', `${brand.title} (${brand.country})`]]
    .map(([k, v]) => `<li>${escapeHtml(k ?? '')}: ${escapeHtml(v ?? '')}</li>`)
    .join('');
  const [first = '', ...rest] = spec.paragraphs;
  const description = [
    `<p>${escapeHtml(first)}</p>`,
    `<ul>${facts}</ul>`,
    ...rest.map((p) => `<p>${escapeHtml(p)}</p>`),
  ].join('\n');

  // A sale covers the whole product, as shop promotions do; 5–30 % off.
  const salePercent = rng.chance(0.25) ? rng.int(1, 6) * 5 : 0;
  const offers = spec.offers.map((o, position): OfferRow => {
    const basePrice = kopecks(o.price);
    return {
      article: `${kind.prefix}${seq}${o.tail ? `-${o.tail}` : ''}`,
      attributes: o.attributes,
      basePrice,
      salePrice: salePercent ? kopecks((o.price * (100 - salePercent)) / 100) : null,
      stock:
        !kind.alwaysInStock && rng.chance(0.12)
          ? 0
          : rng.int(kind.alwaysInStock ? 20 : 1, kind.alwaysInStock ? 100 : 60),
      weight: o.weight,
      active: true,
      position,
    };
  });
  const slug = slugify(spec.title);
  return {
    product: {
      title: spec.title,
      slug: numberedSlug ? `${slug}-${seq}` : slug,
      categoryIds: [categoryId],
      brandId: ctx.brandIds.get(brand.code) ?? null,
      shortDescription: spec.short,
      description,
      images: spec.images.map((image) => ({
        url: demoImageUrl(image.name),
        alt: image.shows ? `${spec.title}: ${image.shows}` : spec.title,
      })),
      active: true,
      isNew: rng.chance(0.15),
      isHit: rng.chance(0.15),
      seoTitle: `${spec.title} — купить в LashLine`,
      seoDescription: spec.short,
    },
    offers,
    pictures: spec.images.map((image) => image.name),
  };
}

/** Picks a kind in proportion to its share of the demo shop: the large catalogue keeps the same mix. */
export function pickKind(rng: Rng): Kind {
  const total = KINDS.reduce((s, k) => s + k.demoCount, 0);
  let n = rng.next() * total;
  for (const kind of KINDS) {
    n -= kind.demoCount;
    if (n < 0) return kind;
  }
  return KINDS.at(-1)!;
}

// PostgreSQL takes at most 65 535 parameters per statement; an offer row has 9, a product about 20.
const OFFERS_PER_INSERT = 5000;
const PRODUCTS_PER_INSERT = 2000;

/**
 * Inserts products and their offers with as few statements as the parameter limit allows. The products
 * get their search documents and words as an admin save gives them (catalog/search/document.ts).
 */
export async function insertDrafts(
  db: DbOrTx,
  drafts: Draft[],
): Promise<{ products: number; offers: number; ids: number[] }> {
  if (!drafts.length) return { products: 0, offers: 0, ids: [] };
  const docs = await searchDocuments(
    db,
    drafts.map((d) => ({ ...d.product, offers: d.offers })),
  );
  await rememberWords(
    db,
    docs.map((d) => d.words),
  );
  const rows = drafts.map((d, i) => ({
    ...d.product,
    searchVector: docs[i]!.vector,
    searchTitle: docs[i]!.title,
  }));
  const inserted: { id: number; slug: string }[] = [];
  for (let i = 0; i < rows.length; i += PRODUCTS_PER_INSERT) {
    inserted.push(
      ...(await db
        .insert(products)
        .values(rows.slice(i, i + PRODUCTS_PER_INSERT))
        .returning({ id: products.id, slug: products.slug })),
    );
  }
  // RETURNING order is not promised by SQL; the unique slug ties each id to its draft.
  const idBySlug = new Map(inserted.map((r) => [r.slug, r.id]));
  const ids = drafts.map((d) => idBySlug.get(d.product.slug)!);
  const offers = drafts.flatMap((d, i) => d.offers.map((o) => ({ ...o, productId: ids[i]! })));
  for (let i = 0; i < offers.length; i += OFFERS_PER_INSERT) {
    await db.insert(productOffers).values(offers.slice(i, i + OFFERS_PER_INSERT));
  }
  return { products: drafts.length, offers: offers.length, ids };
}

/**
 * Adds generated products (as `npm run seed` does) until the shop has `target`, a thousand per transaction:
 * the benchmarks' and the tests' large catalogues. Their pictures are the demo's names (not drawn here).
 */
export async function addProducts(db: Db, target: number): Promise<number> {
  const existing = await db.$count(products);
  const ctx = await loadCatalogContext(db);
  // Numbers after the demo shop's keep articles and slugs unique (the bench database has nothing else).
  let seq = existing + 1;
  const rng = new Rng(seq * 7919);
  for (let toAdd = target - existing; toAdd > 0; toAdd -= 1000) {
    const drafts = Array.from({ length: Math.min(1000, toAdd) }, () =>
      draftProduct(rng, ctx, pickKind(rng), seq++, true),
    );
    await db.transaction((tx) => insertDrafts(tx, drafts));
  }
  await vacuumSearchTables(db);
  return db.$count(products);
}
