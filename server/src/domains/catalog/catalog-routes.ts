// Public catalogue reads of spec §7: GET /api/categories/tree and GET /api/products/search.
import { asc, eq, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { CategoryNode, SearchProduct } from '@shop/schemas';
import { selectRows, type Db, type DbOrTx } from '../../platform/db';
import { productCategories } from '../../../generated/tables';
import { serve } from '../../platform/http/contract';
import { categoriesTree, productsSearch } from '@shop/schemas/contracts/catalog';
import { compileSearch } from './search/query';
import {
  loadCatalogPricing,
  markPersonalPrices,
  shownPrice,
  type CatalogPricing,
  type ShownPrice,
} from './catalog-pricing';
import { activeCartRules, viewerOf, type PricingRule, type Viewer } from '../pricing';
import { productWhere, type FilterDirectory, type ProductFilters, intArray } from './product-filters';
import type { CatalogReadModel } from './read-model/live';
import type { SortName } from './read-model/catalog-index';
import { page as listingPage } from './read-model/queries';
import { relevancePage, type SearchReading } from './read-model/search';
import { pricingCategoryIds } from './pricing-categories';
import { keptUntilChange, sendKept, type PublicData } from '../../platform/web/public-data';

export async function categoryTree(db: Db): Promise<CategoryNode[]> {
  const rows = await db
    .select({
      id: productCategories.id,
      title: productCategories.title,
      slug: productCategories.slug,
      imageUrl: productCategories.imageUrl,
      parentId: productCategories.parentId,
    })
    .from(productCategories)
    .where(eq(productCategories.active, true))
    .orderBy(asc(productCategories.sortOrder), asc(productCategories.title));
  const nodes = new Map<number, CategoryNode>(
    rows.map((r) => [
      r.id,
      {
        id: r.id,
        title: r.title,
        slug: r.slug,
        image: r.imageUrl ? { url: r.imageUrl } : null,
        children: [],
      },
    ]),
  );
  const roots: CategoryNode[] = [];
  for (const r of rows) {
    const node = nodes.get(r.id)!;
    const parent = r.parentId ? nodes.get(r.parentId) : undefined;
    // A child of an inactive category is hidden with it.
    if (parent) parent.children.push(node);
    else if (!r.parentId) roots.push(node);
  }
  return roots;
}

// The listing orders, as a search's SQL sorts (the read model keeps the same orders: read-model/catalog-index.ts).
// The price sorts (and filter[priceMin]/[priceMax]) order by the stored offer price, sale price else base
// price: the page is chosen before the engine prices it (catalog-pricing.ts). A customer's own
// discounts (the user type, a percent rule) lower every price of a product alike, so the order rarely differs.
export const SORTS: Record<string, string> = {
  popular: 'p.is_hit DESC, p.sort_order ASC, p.id DESC',
  new: 'p.created_at DESC, p.id DESC',
  price: 'k.price ASC NULLS LAST, k.product_id DESC',
  '-price': 'k.price DESC NULLS LAST, k.product_id DESC',
};

/**
 * Above this many matches a search's total is not counted exactly (meta.totalCapped: "более 1000"): counting
 * would visit every match, half the catalogue for a common word. A listing without a search text has its
 * exact total from the read model whatever its size.
 */
export const TOTAL_CAP = 1000;

/** The `matches` (FROM and WHERE) of a search counted up to the cap. */
async function searchTotal(db: DbOrTx, matches: SQL): Promise<{ total: number; totalCapped: boolean }> {
  const [row] = await selectRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM ${matches} LIMIT ${TOTAL_CAP + 1}) x`,
  );
  const n = Number(row?.n ?? 0);
  return n > TOTAL_CAP ? { total: TOTAL_CAP, totalCapped: true } : { total: n, totalCapped: false };
}

/** The query as its schema left it: page, perPage and sort checked, the defaults filled in. */
export async function searchProducts(
  db: Db,
  model: CatalogReadModel,
  kept: { cards: CardSource; rules: () => Promise<PricingRule[]> },
  query: Record<string, unknown>,
  viewer: Viewer | null = null,
) {
  const perPage = Number(query.perPage ?? 20);
  const page = Number(query.page ?? 1);
  const askedSort = typeof query.sort === 'string' && Object.hasOwn(SORTS, query.sort) ? query.sort : null;
  const sort = (askedSort ?? 'popular') as SortName;
  // Every filter (text, category, flags, price, stock, characteristics, brand, ids) is read once, by the
  // read model, which GET /api/products/facets counts with too: the counts next to the filters match this list.
  const { index, ref, f: filters, compiled, reading, search } = await model.filters(query);
  const pricing = loadCatalogPricing(db, viewer, new Date(), kept.rules);
  if (!filters.search || search) {
    // The read model answers the whole listing: the matching set cut by the sort's order, or, for a search
    // text with no sort asked for, by relevance (read-model/search.ts).
    const { ids, total } =
      search && !askedSort
        ? relevancePage(index, ref, compiled, search, page, perPage)
        : listingPage(index, compiled, sort, page, perPage);
    const data = ids.length ? await productCards(db, ids, await pricing, kept.cards) : [];
    const searchedFor = reading?.shown ?? null;
    return { data, meta: { total, totalCapped: false, page, perPage, ...(search ? { searchedFor } : {}) } };
  }
  // A text the read model does not hold (a word found only in descriptions): PostgreSQL answers.
  const found = await sqlSearchPage(db, filters, filters.values.size ? ref.dirs : [], reading!, {
    sort: askedSort as SortName | null,
    page,
    perPage,
  });
  const data = found.ids.length ? await productCards(db, found.ids, await pricing, kept.cards) : [];
  // What was searched for when the text was read otherwise (htcybws → ресницы): the page says so.
  return {
    data,
    meta: { total: found.total, totalCapped: found.totalCapped, page, perPage, searchedFor: reading!.shown },
  };
}

/**
 * A page of a search in PostgreSQL (search/query.ts), the reference of the read model's (read-model/search.ts)
 * and the answer for what the model does not hold: with no sort, the most relevant first, the popular ones
 * first among equals; the total counted up to TOTAL_CAP.
 */
export async function sqlSearchPage(
  db: Db,
  filters: ProductFilters,
  dirs: FilterDirectory[],
  reading: SearchReading,
  { sort, page, perPage }: { sort: SortName | null; page: number; perPage: number },
): Promise<{ ids: number[]; total: number; totalCapped: boolean }> {
  const tsquery = sql`${reading.q}::tsquery`;
  const where = sql`${productWhere({ ...filters, search: '' }, dirs)} AND p.search_vector @@ ${tsquery}`;
  const matches = sql`products p WHERE ${where}`;
  // First the page's products alone, then their cards: a search matching half the catalogue must not
  // aggregate the offers of every match. The total is counted apart (searchTotal).
  const limit = sql`LIMIT ${perPage} OFFSET ${(page - 1) * perPage}`;
  let pageQuery: SQL;
  if (!sort) {
    // The relevance keys are computed below the sort (OFFSET 0 keeps them there), so that sorting keeps a
    // few numbers per match, not the documents they were computed from.
    const rank = compileSearch(filters.search).rank(tsquery, sql`${reading.body}`);
    pageQuery = sql`
      SELECT x.id FROM (SELECT p.id, p.is_hit, p.sort_order, ${rank.columns} FROM ${matches} OFFSET 0) x
      ORDER BY ${rank.order}, x.is_hit DESC, x.sort_order ASC, x.id DESC ${limit}`;
  } else {
    // The price sorts walk the price index (catalog_product_keys.price, each product's cheapest active
    // offer, kept by triggers; every product has its row), skipping other categories there.
    const byPrice = sort === 'price' || sort === '-price';
    const ids = filters.categoryIds;
    pageQuery = sql`
      SELECT p.id FROM products p
      ${byPrice ? sql`JOIN catalog_product_keys k ON k.product_id = p.id` : sql``}
      WHERE ${where}
      ${byPrice && ids ? sql`AND k.category_ids && ${intArray(ids)}` : sql``}
      ORDER BY ${sql.raw(SORTS[sort]!)} ${limit}`;
  }
  // The planner does not know that a search document is read decompressed when a whole table is scanned
  // (it then prefers a sequential scan for a common word, several times slower): a search always goes
  // through its GIN index. Its plan's cost then counts the sequential scans it refuses as 10¹⁰ each, far
  // above jit_above_cost: compiling it took 400 ms of a 2 ms statement, so no JIT here.
  const [pageIds, counted] = await db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL enable_seqscan = off`);
    await tx.execute(sql`SET LOCAL jit = off`);
    return [await selectRows<{ id: number }>(tx, pageQuery), await searchTotal(tx, matches)] as const;
  });
  return { ids: pageIds.map((r) => r.id), ...counted };
}

export function catalogRoutes(db: Db, publicData: PublicData, model: CatalogReadModel) {
  // Every page's header asks for it, and it changes when a category does: kept in memory until then.
  const tree = keptUntilChange(publicData, () => categoryTree(db));
  const cards = keptCardRows(db, publicData);
  // The cart rules price every card (their dates are checked at pricing, so keeping them is safe).
  const rules = keptUntilChange(publicData, () => activeCartRules(db), { tables: ['cart_rules'] });
  return async function plugin(app: FastifyInstance) {
    serve(app, categoriesTree, async (_request, reply) => {
      const categories = await tree();
      return sendKept(reply, categories, { data: categories });
    });
    serve(app, productsSearch, async (request, reply) => {
      const viewer = viewerOf(request);
      markPersonalPrices(reply, viewer);
      return searchProducts(db, model, { cards, rules }, request.query, viewer);
    });
  };
}

/** A product card's facts before pricing: one row of `cardRows`. */
interface CardRow {
  id: number;
  title: string;
  slug: string;
  image: string | null;
  is_new: boolean;
  is_hit: boolean;
  category_ids: number[] | null;
  category_slug: string | null;
  in_stock: boolean | null;
  /** [id, base_price, sale_price] of each active offer, or null without one. */
  offers: [number, number, number | null][] | null;
}

/** The card facts of the active products among `ids` (a product's active offers as a JSON list). */
function readCardRows(db: DbOrTx, ids: number[]): Promise<CardRow[]> {
  return selectRows<CardRow>(
    db,
    sql`
    SELECT p.id, p.title, p.slug, p.images->0->>'url' AS image, p.is_new, p.is_hit,
           ${pricingCategoryIds('p')} AS category_ids,
           c.slug AS category_slug, o.in_stock, o.offers
    FROM products p
    LEFT JOIN LATERAL (
      SELECT bool_or(stock > 0) AS in_stock,
             json_agg(json_build_array(id, base_price, sale_price) ORDER BY id) AS offers
      FROM product_offers WHERE product_id = p.id AND active
    ) o ON true
    LEFT JOIN product_categories c ON c.id = p.category_ids[1]
    WHERE p.active AND p.id IN (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
}

/** The tables a card's facts are read from (an order taking stock changes product_offers: cleared then). */
const CARD_TABLES = new Set(['products', 'product_offers', 'product_categories']);

/** Where a listing's card facts come from: the database each time, or a store kept until the catalogue changes. */
export type CardSource = (ids: number[]) => Promise<Map<number, CardRow>>;

/**
 * Card facts kept in memory per product until the catalogue changes (the public-data signal of its tables):
 * a listing then reads only what no earlier listing has. A read begun before a change is used
 * but not kept. The facts are the same for everybody; prices are computed per request (productCards).
 */
export function keptCardRows(db: DbOrTx, publicData: PublicData, maxProducts = 20_000): CardSource {
  const kept = new Map<number, CardRow | null>();
  let generation = 0;
  publicData.onChange((table) => {
    if (table !== null && !CARD_TABLES.has(table)) return;
    kept.clear();
    generation++;
  });
  return async (ids) => {
    const missing = ids.filter((id) => !kept.has(id));
    const started = generation;
    const rows = missing.length ? await readCardRows(db, missing) : [];
    if (generation === started) {
      if (kept.size + missing.length > maxProducts) kept.clear();
      for (const id of missing) kept.set(id, null);
      for (const r of rows) kept.set(r.id, r);
    }
    const fresh = new Map(rows.map((r) => [r.id, r]));
    const out = new Map<number, CardRow>();
    for (const id of ids) {
      const row = fresh.get(id) ?? kept.get(id);
      if (row) out.set(id, row);
    }
    return out;
  };
}

/**
 * Product cards (the shape of GET /api/products/search) for active products, in the order of `ids`, priced
 * for `pricing`'s customer. A card shows its cheapest active offer by the engine's unit price (what this
 * customer pays in the cart for one unit), with that offer's base price struck through when it is higher.
 * A product's active offers come with its facts (a JSON list): the engine prices them in memory.
 */
export async function productCards(
  db: Db,
  ids: number[],
  pricing: CatalogPricing,
  source?: CardSource,
): Promise<SearchProduct[]> {
  if (ids.length === 0) return [];
  const byId = source ? await source(ids) : new Map((await readCardRows(db, ids)).map((r) => [r.id, r]));
  const rows = ids.map((id) => byId.get(id)).filter((r) => r !== undefined);
  // A guest's card is the same for every guest until the facts, the rules or a rule's window change it.
  const guest =
    pricing.customer.userId === null &&
    pricing.customer.userType === null &&
    pricing.customer.groupIds.length === 0;
  const until = guest ? guestPricesUntil(pricing) : 0;
  return rows.map((r) => {
    if (!guest) return pricedCard(r, pricing);
    const kept = guestCards.get(r);
    if (kept && kept.rules === pricing.rules && pricing.now.getTime() < kept.until) return kept.card;
    const card = pricedCard(r, pricing);
    guestCards.set(r, { rules: pricing.rules, until, card });
    return card;
  });
}

/**
 * Guests' priced cards, per card facts (kept ones: keptCardRows), with the rules they were priced by and
 * until when: pricing every offer of a page for every guest was the largest part of a listing's work.
 */
const guestCards = new WeakMap<CardRow, { rules: PricingRule[]; until: number; card: SearchProduct }>();

/** Until when guests' prices stay as they are: a minute at most, and never past a rule's start or end. */
function guestPricesUntil(pricing: CatalogPricing): number {
  const now = pricing.now.getTime();
  let until = now + 60_000;
  for (const rule of pricing.rules)
    for (const edge of [rule.startsAt, rule.endsAt]) {
      if (edge === null) continue;
      const at = edge instanceof Date ? edge.getTime() : Date.parse(edge);
      if (at > now && at < until) until = at;
    }
  return until;
}

/** A card priced for `pricing`'s customer (see productCards). */
function pricedCard(r: CardRow, pricing: CatalogPricing): SearchProduct {
  const offers = r.offers ?? [];
  const categoryIds = r.category_ids ?? [];
  // The cheapest for this customer; equal prices: the one with the lower stored price, then the older.
  let shown: ShownPrice | null = null;
  let stored = 0;
  for (const [offerId, basePrice, salePrice] of offers) {
    const price = shownPrice(pricing, { offerId, productId: r.id, categoryIds, basePrice, salePrice });
    const own = salePrice ?? basePrice;
    if (
      !shown ||
      price.salePrice < shown.salePrice ||
      (price.salePrice === shown.salePrice && own < stored)
    ) {
      shown = price;
      stored = own;
    }
  }
  return {
    id: r.id,
    title: r.title,
    slug: r.slug,
    url: `/catalog/${r.category_slug ?? 'all'}/product/${r.slug}`,
    announceImageUrl: r.image,
    benefitPercent: shown?.benefitPercent ?? 0,
    diffPrice: shown?.diffPrice ?? 0,
    basePrice: shown?.basePrice ?? 0,
    salePrice: shown?.salePrice ?? 0,
    inStock: r.in_stock === true,
    isNew: r.is_new,
    isHit: r.is_hit,
    offersCount: offers.length,
    offerId: offers.length === 1 ? offers[0]![0] : null,
  };
}
