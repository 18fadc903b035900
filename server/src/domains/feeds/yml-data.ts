// What the YML feed reads from the catalogue: the category tree, the directories (names and units of the
// characteristics, brands), and the active products with their active offers, a page at a time so that a
// catalogue of any size is read in bounded memory.
import { sql } from 'drizzle-orm';
import { selectRows, type DbOrTx } from '../../platform/db';
import { pricingCategoryIds } from '../catalog';

export interface FeedCategory {
  id: number;
  title: string;
  slug: string;
  parentId: number | null;
  active: boolean;
  sortOrder: number;
}

export interface FeedDirectory {
  code: string;
  title: string;
  unit: string | null;
  sortOrder: number;
  /** Entry code → its title («0.07» → «0,07 мм»). */
  entries: Map<string, string>;
}

export interface FeedBrand {
  title: string;
  country: string | null;
}

export interface FeedProduct {
  id: number;
  title: string;
  slug: string;
  shortDescription: string | null;
  description: string | null;
  images: { url: string }[];
  brandId: number | null;
  categoryIds: number[];
  /** Its categories and their parents: what the pricing engine matches cart rules by. */
  pricingCategoryIds: number[];
  offers: FeedOffer[];
}

export interface FeedOffer {
  id: number;
  article: string;
  attributes: Record<string, string>;
  basePrice: number;
  salePrice: number | null;
  stock: number;
  weight: number | null;
  length: number | null;
  width: number | null;
  height: number | null;
}

export interface FeedReference {
  categories: FeedCategory[];
  directories: Map<string, FeedDirectory>;
  brands: Map<number, FeedBrand>;
}

export async function readReference(db: DbOrTx): Promise<FeedReference> {
  const [categories, entries] = await Promise.all([
    selectRows<{
      id: number;
      title: string;
      slug: string;
      parent_id: number | null;
      active: boolean;
      sort_order: number;
    }>(db, sql`SELECT id, title, slug, parent_id, active, sort_order FROM product_categories ORDER BY id`),
    selectRows<{
      dir_code: string;
      dir_title: string;
      unit: string | null;
      dir_order: number;
      id: number | null;
      code: string | null;
      title: string | null;
      country: string | null;
    }>(
      db,
      sql`SELECT d.code AS dir_code, d.title AS dir_title, d.unit, d.sort_order AS dir_order,
                 e.id, e.code, e.title, e.values->>'country' AS country
          FROM directories d LEFT JOIN directory_entries e ON e.directory_id = d.id
          ORDER BY d.sort_order, d.id, e.sort_order, e.id`,
    ),
  ]);
  const directories = new Map<string, FeedDirectory>();
  const brands = new Map<number, FeedBrand>();
  for (const e of entries) {
    let dir = directories.get(e.dir_code);
    if (!dir)
      directories.set(
        e.dir_code,
        (dir = {
          code: e.dir_code,
          title: e.dir_title,
          unit: e.unit,
          sortOrder: e.dir_order,
          entries: new Map(),
        }),
      );
    if (e.code !== null && e.title !== null) dir.entries.set(e.code, e.title);
    // A product's brand is an entry of any directory (the shop's is «brand»), referred to by its id.
    if (e.id !== null && e.title !== null) brands.set(e.id, { title: e.title, country: e.country || null });
  }
  return {
    categories: categories.map((c) => ({
      id: c.id,
      title: c.title,
      slug: c.slug,
      parentId: c.parent_id,
      active: c.active,
      sortOrder: c.sort_order,
    })),
    directories,
    brands,
  };
}

/** Products read per statement: a page's rows and their offers stay a few megabytes at most. */
export const PRODUCTS_PER_PAGE = 500;

/** The active products after `afterId` (by id), with their active offers in the admin's order. */
export async function readProductPage(db: DbOrTx, afterId: number): Promise<FeedProduct[]> {
  const rows = await selectRows<{
    id: number;
    title: string;
    slug: string;
    short_description: string | null;
    description: string | null;
    images: { url?: unknown }[] | null;
    brand_id: number | null;
    category_ids: number[] | null;
    pricing_category_ids: number[] | null;
  }>(
    db,
    sql`SELECT id, title, slug, short_description, description, images, brand_id, category_ids,
               ${pricingCategoryIds('products')} AS pricing_category_ids
        FROM products WHERE active AND id > ${afterId} ORDER BY id LIMIT ${PRODUCTS_PER_PAGE}`,
  );
  if (!rows.length) return [];
  const last = rows.at(-1)!.id;
  const offers = await selectRows<{
    id: number;
    product_id: number;
    article: string;
    attributes: Record<string, unknown> | null;
    base_price: number;
    sale_price: number | null;
    stock: number;
    weight: number | null;
    length: number | null;
    width: number | null;
    height: number | null;
  }>(
    db,
    sql`SELECT o.id, o.product_id, o.article, o.attributes, o.base_price, o.sale_price, o.stock,
               o.weight, o.length, o.width, o.height
        FROM product_offers o
        WHERE o.active AND o.product_id > ${afterId} AND o.product_id <= ${last}
        ORDER BY o.product_id, o.position, o.id`,
  );
  // Offers of switched-off products in the range are read too, and dropped here: no join, the index alone.
  const byProduct = new Map<number, FeedOffer[]>();
  for (const o of offers) {
    let list = byProduct.get(o.product_id);
    if (!list) byProduct.set(o.product_id, (list = []));
    list.push({
      id: o.id,
      article: o.article,
      attributes: Object.fromEntries(
        Object.entries(o.attributes ?? {}).filter((kv): kv is [string, string] => typeof kv[1] === 'string'),
      ),
      basePrice: o.base_price,
      salePrice: o.sale_price,
      stock: o.stock,
      weight: o.weight,
      length: o.length,
      width: o.width,
      height: o.height,
    });
  }
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    slug: r.slug,
    shortDescription: r.short_description,
    description: r.description,
    images: (r.images ?? []).flatMap((i) => (typeof i.url === 'string' ? [{ url: i.url }] : [])),
    brandId: r.brand_id,
    categoryIds: r.category_ids ?? [],
    pricingCategoryIds: r.pricing_category_ids ?? [],
    offers: byProduct.get(r.id) ?? [],
  }));
}
