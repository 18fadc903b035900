// The categories a product counts in for prices: its own and their parents. A cart rule or a promo code for
// «Клей» applies to the glue in its subcategories (the tree has two levels, so one step up is all of it);
// the catalogue's cards and the cart read the same list, so a card shows the price the cart charges.
import { sql, type SQL } from 'drizzle-orm';

/** SQL: the pricing category ids of the product row `alias` (a `products` row). */
export function pricingCategoryIds(alias: string): SQL {
  const p = sql.raw(alias);
  return sql`(${p}.category_ids || ARRAY(
    SELECT pc.parent_id FROM product_categories pc
    WHERE pc.id = ANY(${p}.category_ids) AND pc.parent_id IS NOT NULL))`;
}
