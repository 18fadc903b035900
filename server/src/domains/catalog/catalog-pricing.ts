// The prices the catalogue shows (product cards of every listing, search, promotions, the product page): each
// offer's unit price from the pricing engine (server/src/domains/pricing, catalogPrice), for the visitor who asks. A
// request reads what the engine needs once (the active cart rules, the signed-in customer's type) and then
// prices every offer of the answer in memory: no query per product.
//
// Filters and sorts by price stay on the stored offer price (sale price, else base price): a SQL condition
// cannot run the engine, and the page of products has to be chosen before it is priced.
import type { FastifyReply } from 'fastify';
import type { DbOrTx } from '../../platform/db';
import { catalogPrice, type CatalogOffer, type PricingCustomer, type PricingRule } from '../pricing';
import { activeCartRules, pricingCustomer, type Viewer } from '../pricing';

/** What the engine needs besides the offer, read once per request. */
export interface CatalogPricing {
  customer: PricingCustomer;
  rules: PricingRule[];
  now: Date;
}

/** The prices as the API shows them (SearchProduct, ProductPageOffer). */
export interface ShownPrice {
  /** The price struck through: the offer's base price (never below the price to pay). */
  basePrice: number;
  /** What this customer pays for one unit: the engine's unit price, the cart's. */
  salePrice: number;
  /** basePrice − salePrice. */
  diffPrice: number;
  /** The benefit in whole percent, 0 when none. */
  benefitPercent: number;
}

/**
 * The rules and the customer for one request: two small queries (one for a guest), whatever the page size;
 * none for a guest when the caller keeps the rules (`keptRules`, read again when the shop's data changes).
 */
export async function loadCatalogPricing(
  db: DbOrTx,
  viewer: Viewer | null,
  now = new Date(),
  keptRules?: () => Promise<PricingRule[]>,
): Promise<CatalogPricing> {
  const [rules, customer] = await Promise.all([
    keptRules ? keptRules() : activeCartRules(db),
    pricingCustomer(db, viewer),
  ]);
  return { rules, customer, now };
}

/** The prices of one offer for this customer, as shown. */
export function shownPrice(pricing: CatalogPricing, offer: CatalogOffer): ShownPrice {
  const price = catalogPrice(offer, pricing.customer, pricing.rules, pricing.now);
  // A sale price above the base price (a data slip) is shown as the price, with nothing struck through.
  const basePrice = Math.max(price.basePrice, price.unitPrice);
  const diffPrice = basePrice - price.unitPrice;
  return {
    basePrice,
    salePrice: price.unitPrice,
    diffPrice,
    benefitPercent: basePrice > 0 ? Math.round((diffPrice / basePrice) * 100) : 0,
  };
}

/**
 * A priced answer depends on who asked: it says so to every cache (Vary: the token and the group acted
 * for), and a signed-in customer's answer is never stored by any cache nor reused for someone else.
 */
export function markPersonalPrices(reply: FastifyReply, viewer: Viewer | null): void {
  reply.header('Vary', 'Authorization, X-User-Group');
  if (viewer) reply.header('Cache-Control', 'private, no-store');
}
