// The catalogue's prices come from the pricing engine (server/src/domains/catalog/catalog-pricing.ts): a product
// card (listing, search, promotion) and the product page show what the visitor pays for one unit in the
// cart. A guest sees the offer price with the cart rules one unit meets; a signed-in customer of a
// discounted type sees their type's discount; a rule for a category changes only that category's products.
// Each price is checked against catalogPrice and against priceCart with a one-line cart, on the rows as
// stored, and the answers say that they depend on who asks (Vary, no-store for a signed-in customer).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductPage, PublicPromotion, SearchProduct } from '@shop/schemas';
import { selectRows } from '../src/platform/db';
import {
  catalogPrice,
  priceCart,
  type CatalogOffer,
  type PricingCustomer,
  type PricingRule,
} from '../src/domains/pricing/engine';
import { signedInUser } from './accounts';
import { describeOnDatabases, startTestApp, type TestApp } from './harness';

interface Listing {
  data: SearchProduct[];
  meta: { total: number };
}

interface OfferRow {
  id: number;
  product_id: number;
  slug: string;
  title: string;
  category_ids: number[];
  base_price: number;
  sale_price: number | null;
}

/** A category of the demo whose products sit in it directly (rules match a product's own categories). */
const GLUE_SLUG = 'kley-dlya-narashchivaniya';
const GUEST: PricingCustomer = { userId: null, userType: null, groupIds: [] };

describeOnDatabases('catalogue prices from the pricing engine on $name', (target) => {
  let t: TestApp;
  let master: { id: number; token: string };
  let masterCustomer: PricingCustomer;
  let glueCategory: number;
  /** Active offers of active products, by product. */
  let offers: Map<number, OfferRow[]>;
  /** A single-offer glue product, a single-offer product of no glue category, a product with variants. */
  let glue: OfferRow;
  let other: OfferRow;
  let variants: OfferRow[];

  beforeAll(async () => {
    t = await startTestApp(target, { demo: true });
    const db = t.database.db;
    // A type of our own, so that the expected prices do not hang on the demo's percentages.
    const [type] = await selectRows<{ id: number }>(
      db,
      sql`INSERT INTO user_types (title, code, discount_percent, bonus_allowed, sort_order)
          VALUES ('Проверочный', 'test-seven', 7, true, 99) RETURNING id`,
    );
    master = await signedInUser(t, {
      email: 'seven@test.local',
      password: 'seven-pass-1',
      name: 'Мастер',
      userTypeId: type!.id,
    });
    masterCustomer = {
      userId: master.id,
      userType: { id: type!.id, title: 'Проверочный', discountPercent: 7, bonusAllowed: true },
      groupIds: [],
    };
    const [kley] = await selectRows<{ id: number }>(
      db,
      sql`SELECT id FROM product_categories WHERE slug = ${GLUE_SLUG}`,
    );
    glueCategory = kley!.id;
    const rows = await selectRows<OfferRow>(
      db,
      sql`SELECT o.id, o.product_id, p.slug, p.title, p.category_ids, o.base_price, o.sale_price
          FROM product_offers o JOIN products p ON p.id = o.product_id
          WHERE o.active AND p.active ORDER BY o.id`,
    );
    offers = new Map();
    for (const r of rows) offers.set(r.product_id, [...(offers.get(r.product_id) ?? []), r]);
    const single = [...offers.values()].filter((list) => list.length === 1).map((list) => list[0]!);
    glue = single.find((o) => o.category_ids.includes(glueCategory))!;
    other = single.find((o) => !o.category_ids.includes(glueCategory) && o.base_price > 10_000)!;
    const several = [...offers.values()].find(
      (list) => list.length > 1 && !list[0]!.category_ids.includes(glueCategory),
    );
    expect(glue, 'a single-offer glue product in the demo').toBeDefined();
    expect(other, 'a single-offer product outside glue').toBeDefined();
    expect(several, 'a product with variants').toBeDefined();
    // Its first variant made the dearest, so that "the cheapest" is not simply the first one.
    const [first] = several!;
    const top = Math.max(...several!.map((o) => o.sale_price ?? o.base_price));
    await db.execute(
      sql`UPDATE product_offers SET base_price = ${top + 20_000}, sale_price = ${top + 10_000}
          WHERE id = ${first!.id}`,
    );
    variants = several!.map((o) =>
      o === first ? { ...o, base_price: top + 20_000, sale_price: top + 10_000 } : o,
    );
  });
  afterAll(async () => {
    await t.close();
  });

  const rules = async () =>
    selectRows<PricingRule>(
      t.database.db,
      sql`SELECT id, title, description, starts_at AS "startsAt", ends_at AS "endsAt", priority,
                 stop_further_rules AS "stopFurtherRules", combine_with_coupons AS "combineWithCoupons",
                 min_items_total AS "minItemsTotal", min_quantity AS "minQuantity",
                 product_ids AS "productIds", category_ids AS "categoryIds", user_type_ids AS "userTypeIds",
                 user_group_ids AS "userGroupIds", discount_type AS "discountType",
                 discount_value AS "discountValue", max_discount AS "maxDiscount", active
          FROM cart_rules`,
    );
  const offerOf = (o: OfferRow): CatalogOffer => ({
    offerId: o.id,
    productId: o.product_id,
    categoryIds: o.category_ids,
    basePrice: o.base_price,
    salePrice: o.sale_price,
  });
  /** The engine's catalogue price, and the unit price of a one-line cart: they must agree. */
  const expected = async (o: OfferRow, customer: PricingCustomer) => {
    const now = new Date();
    const all = await rules();
    const unit = catalogPrice(offerOf(o), customer, all, now).unitPrice;
    const cart = priceCart({
      now,
      lines: [{ ...offerOf(o), title: o.slug, quantity: 1 }],
      customer,
      rules: all,
      coupon: null,
      bonuses: { balance: 0, requested: 0 },
      settings: {
        minOrderTotal: 0,
        bonusEnabled: false,
        bonusMaxSpendPercent: 0,
        bonusPointValue: 100,
        bonusAccrualPercent: 0,
      },
      deliveryServices: [],
      deliveryServiceId: null,
      paymentServices: [],
      paymentServiceId: null,
    });
    expect(cart.lines[0]!.unitPrice, `the cart's unit price of offer ${o.id}`).toBe(unit);
    expect(cart.totals.total).toBe(unit);
    return unit;
  };

  const get = async (url: string, token?: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url,
      headers: token ? { authorization: token } : {},
    });
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res;
  };
  const card = async (o: OfferRow, token?: string) => {
    const res = await get(`/api/products/search?filter[ids]=${o.product_id}`, token);
    const { data } = res.json<Listing>();
    expect(data).toHaveLength(1);
    return data[0]!;
  };
  const pageOffer = async (o: OfferRow, token?: string) => {
    const { data } = (await get(`/api/products/${o.slug}`, token)).json<{ data: ProductPage }>();
    return data.offers.find((x) => x.id === o.id)!;
  };
  /** The product among the results of a search for its title (the live search's and /search's request). */
  const searchCard = async (o: OfferRow, token?: string) => {
    const url = `/api/products/search?perPage=7&page=1&filter[search]=${encodeURIComponent(o.title)}`;
    const { data } = (await get(url, token)).json<Listing>();
    return data.find((p) => p.id === o.product_id);
  };

  describe('a guest', () => {
    it('sees the offer price (the sale price when set), the base price struck through', async () => {
      for (const o of [glue, other]) {
        const price = o.sale_price ?? o.base_price;
        expect(await expected(o, GUEST)).toBe(price);
        const c = await card(o);
        expect(c).toMatchObject({ salePrice: price, basePrice: Math.max(o.base_price, price) });
        expect(c.diffPrice).toBe(c.basePrice - c.salePrice);
        expect(c.offerId).toBe(o.id);
        expect(c.offersCount).toBe(1);
        const p = await pageOffer(o);
        expect(p).toMatchObject({
          salePrice: price,
          basePrice: c.basePrice,
          benefitPercent: c.benefitPercent,
        });
      }
    });

    it('sees the cheapest variant on the card of a product with variants, and no offer id', async () => {
      const c = await card(variants[0]!);
      const prices = await Promise.all(variants.map((o) => expected(o, GUEST)));
      expect(c.salePrice).toBe(Math.min(...prices));
      expect(c.offerId).toBeNull();
      expect(c.offersCount).toBe(variants.length);
    });
  });

  describe('a signed-in customer of a discounted type', () => {
    it('sees on the card, in search results and on the product page the unit price of their cart', async () => {
      for (const o of [glue, other]) {
        const unit = await expected(o, masterCustomer);
        const offerPrice = o.sale_price ?? o.base_price;
        // 7 % off per unit, rounded half up to a kopeck (docs/pricing.md).
        expect(unit).toBe(offerPrice - Math.floor((offerPrice * 7 + 50) / 100));
        const c = await card(o, master.token);
        expect(c).toMatchObject({ salePrice: unit, basePrice: o.base_price, diffPrice: o.base_price - unit });
        expect(c.benefitPercent).toBe(Math.round(((o.base_price - unit) / o.base_price) * 100));
        expect(await searchCard(o, master.token)).toMatchObject({ salePrice: unit });
        expect(await pageOffer(o, master.token)).toMatchObject({
          salePrice: unit,
          basePrice: o.base_price,
          benefitPercent: c.benefitPercent,
        });
      }
    });

    it('sees the cheapest variant at their price', async () => {
      const c = await card(variants[0]!, master.token);
      const prices = await Promise.all(variants.map((o) => expected(o, masterCustomer)));
      expect(c.salePrice).toBe(Math.min(...prices));
      const page = (await get(`/api/products/${variants[0]!.slug}`, master.token)).json<{
        data: ProductPage;
      }>();
      for (const [i, o] of variants.entries())
        expect(page.data.offers.find((x) => x.id === o.id)?.salePrice).toBe(prices[i]);
    });

    it('loses the discount when their type is switched off', async () => {
      const typeId = masterCustomer.userType!.id;
      await t.database.db.execute(sql`UPDATE user_types SET active = false WHERE id = ${typeId}`);
      try {
        expect((await card(other, master.token)).salePrice).toBe(other.sale_price ?? other.base_price);
      } finally {
        await t.database.db.execute(sql`UPDATE user_types SET active = true WHERE id = ${typeId}`);
      }
    });
  });

  describe('a cart rule for a category', () => {
    it("lowers that category's prices only, for guests and customers alike, as the cart does", async () => {
      const [rule] = await selectRows<{ id: number }>(
        t.database.db,
        sql`INSERT INTO cart_rules (title, category_ids, discount_type, discount_value, priority)
            VALUES ('−12 % на клей', ARRAY[${glueCategory}]::int[], 'percent', 12, 5) RETURNING id`,
      );
      try {
        for (const [customer, token] of [
          [GUEST, undefined],
          [masterCustomer, master.token],
        ] as const) {
          const glueUnit = await expected(glue, customer);
          const otherUnit = await expected(other, customer);
          const plain = catalogPrice(offerOf(glue), customer, [], new Date()).unitPrice;
          expect(glueUnit).toBeLessThan(plain);
          expect(otherUnit).toBe(catalogPrice(offerOf(other), customer, [], new Date()).unitPrice);
          expect((await card(glue, token)).salePrice).toBe(glueUnit);
          expect((await pageOffer(glue, token)).salePrice).toBe(glueUnit);
          expect((await card(other, token)).salePrice).toBe(otherUnit);
          expect((await pageOffer(other, token)).salePrice).toBe(otherUnit);
        }
        // The guest's glue card: the offer price less 12 %, the base price struck through.
        const price = glue.sale_price ?? glue.base_price;
        const c = await card(glue);
        expect(c.salePrice).toBe(price - Math.floor((price * 12 + 50) / 100));
        expect(c.basePrice).toBe(glue.base_price);
        // The whole glue category: every card at the engine's price.
        const { data } = (
          await get(`/api/products/search?filter[categorySlug]=${GLUE_SLUG}&perPage=100`)
        ).json<Listing>();
        expect(data.length).toBeGreaterThan(0);
        for (const p of data) {
          const list = offers.get(p.id)!;
          const units = await Promise.all(list.map((o) => expected(o, GUEST)));
          expect(p.salePrice, p.slug).toBe(Math.min(...units));
          expect(p.salePrice, p.slug).toBeLessThan(
            Math.min(...list.map((o) => o.sale_price ?? o.base_price)),
          );
        }
      } finally {
        await t.database.db.execute(sql`DELETE FROM cart_rules WHERE id = ${rule!.id}`);
      }
    });

    it('takes effect at its start for guests, though their cards are kept between requests', async () => {
      const plain = (await card(glue)).salePrice;
      const startsAt = new Date(Date.now() + 1500);
      const [rule] = await selectRows<{ id: number }>(
        t.database.db,
        sql`INSERT INTO cart_rules (title, category_ids, discount_type, discount_value, starts_at)
            VALUES ('−10 % на клей с минуты', ARRAY[${glueCategory}]::int[], 'percent', 10,
              ${startsAt.toISOString()}) RETURNING id`,
      );
      try {
        // Not yet: the card is priced without it (and kept so, until the rule starts).
        expect((await card(glue)).salePrice).toBe(plain);
        await new Promise((done) => setTimeout(done, startsAt.getTime() - Date.now() + 100));
        // No write since: the start itself ends the kept price.
        expect((await card(glue)).salePrice).toBeLessThan(plain);
      } finally {
        await t.database.db.execute(sql`DELETE FROM cart_rules WHERE id = ${rule!.id}`);
      }
    });

    it("applies a rule for a customers' group to its members only", async () => {
      const db = t.database.db;
      const [group] = await selectRows<{ id: number }>(
        db,
        sql`INSERT INTO user_groups (title) VALUES ('Школа') RETURNING id`,
      );
      const member = await signedInUser(t, {
        email: 'school@test.local',
        password: 'school-pass-1',
        groupIds: [group!.id],
      });
      const [rule] = await selectRows<{ id: number }>(
        db,
        sql`INSERT INTO cart_rules (title, user_group_ids, discount_type, discount_value)
            VALUES ('Школе −10 %', ARRAY[${group!.id}]::int[], 'percent', 10) RETURNING id`,
      );
      try {
        const price = other.sale_price ?? other.base_price;
        const own = await expected(other, { userId: member.id, userType: null, groupIds: [group!.id] });
        expect(own).toBe(price - Math.floor((price * 10 + 50) / 100));
        expect((await card(other, member.token)).salePrice).toBe(own);
        expect((await pageOffer(other, member.token)).salePrice).toBe(own);
        expect((await card(other)).salePrice).toBe(price);
        expect((await card(other, master.token)).salePrice).toBe(await expected(other, masterCustomer));
      } finally {
        await db.execute(sql`DELETE FROM cart_rules WHERE id = ${rule!.id}`);
      }
    });

    it('prices the products of a promotion the same way', async () => {
      const [promotion] = await selectRows<{ slug: string }>(
        t.database.db,
        sql`INSERT INTO promotions (title, slug, content, product_ids, active)
            VALUES ('Проверка цен', 'proverka-tsen', '<p>Цены</p>', ARRAY[${other.product_id}]::int[], true)
            RETURNING slug`,
      );
      const url = `/api/promotions/${promotion!.slug}`;
      const guest = (await get(url)).json<{ data: PublicPromotion }>().data.products[0]!;
      const own = (await get(url, master.token)).json<{ data: PublicPromotion }>().data.products[0]!;
      expect(guest.salePrice).toBe(await expected(other, GUEST));
      expect(own.salePrice).toBe(await expected(other, masterCustomer));
      expect(own.salePrice).toBeLessThan(guest.salePrice);
    });
  });

  describe('caches', () => {
    it("says the answer depends on the token, and keeps a customer's prices out of every cache", async () => {
      for (const url of [
        '/api/products/search?perPage=5',
        `/api/products/${other.slug}`,
        `/api/products/search?filter[ids]=${other.product_id}`,
      ]) {
        const guest = await get(url);
        expect(guest.headers.vary, url).toMatch(/authorization/i);
        expect(guest.headers['cache-control'], url).toBeUndefined();
        const own = await get(url, master.token);
        expect(own.headers.vary, url).toMatch(/authorization/i);
        expect(own.headers['cache-control'], url).toBe('private, no-store');
      }
    });
  });
});
