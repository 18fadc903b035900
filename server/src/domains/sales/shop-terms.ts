// What a cart is priced on that is the same for every customer: the settings, the active cart rules, the
// delivery and the payment services. Read fresh (an administrator's order edit) or kept in memory until one
// of their tables changes (the cart and the checkout: public-data.ts hears every committed change, on every
// instance), so that adding to a cart does not read five rows it read a moment ago.
import { getTableName } from 'drizzle-orm';
import { cartRules, deliveryServices, paymentServices } from '../../../generated/tables';
import type { DbOrTx } from '../../platform/db';
import { keptUntilChange, type PublicData } from '../../platform/web/public-data';
import { activeCartRules, type PricingRule } from '../pricing';
import { keptSettings, settingsRow, type SettingsRow } from '../settings';

export type DeliveryServiceRow = typeof deliveryServices.$inferSelect;
export type PaymentServiceFullRow = typeof paymentServices.$inferSelect;

export interface ShopTerms {
  settings: () => Promise<SettingsRow>;
  cartRules: () => Promise<PricingRule[]>;
  deliveryServices: () => Promise<DeliveryServiceRow[]>;
  paymentServices: () => Promise<PaymentServiceFullRow[]>;
}

/** The terms as stored now, read in the caller's transaction. */
export function readShopTerms(db: DbOrTx): ShopTerms {
  return {
    settings: () => settingsRow(db),
    cartRules: () => activeCartRules(db),
    // Awaited here: a Drizzle query is run again by every `then`, and the kept copies hand one promise out.
    deliveryServices: async () => await db.select().from(deliveryServices),
    paymentServices: async () => await db.select().from(paymentServices),
  };
}

const keptByApp = new WeakMap<PublicData, ShopTerms>();

/**
 * The terms kept in memory, each until its own table changes (or for a minute). The values are shared by
 * every request: never changed in place. One copy per app (per PublicData).
 */
export function keptShopTerms(publicData: PublicData, db: DbOrTx): ShopTerms {
  let terms = keptByApp.get(publicData);
  if (!terms) {
    const fresh = readShopTerms(db);
    const kept = <T>(table: Parameters<typeof getTableName>[0], read: () => Promise<T>) => {
      const get = keptUntilChange(publicData, read, { tables: [getTableName(table)] });
      return () => get();
    };
    terms = {
      settings: keptSettings(publicData, db),
      cartRules: kept(cartRules, fresh.cartRules),
      deliveryServices: kept(deliveryServices, fresh.deliveryServices),
      paymentServices: kept(paymentServices, fresh.paymentServices),
    };
    keptByApp.set(publicData, terms);
  }
  return terms;
}

/**
 * The terms as they are now, read once: what a transaction prices with. (Read in it, a kept copy gone
 * stale would be read again outside the transaction, which on PGlite waits for the transaction to end.)
 */
export async function termsNow(terms: ShopTerms): Promise<ShopTerms> {
  const [settings, cartRules, deliveryServices, paymentServices] = await Promise.all([
    terms.settings(),
    terms.cartRules(),
    terms.deliveryServices(),
    terms.paymentServices(),
  ]);
  return {
    settings: () => Promise.resolve(settings),
    cartRules: () => Promise.resolve(cartRules),
    deliveryServices: () => Promise.resolve(deliveryServices),
    paymentServices: () => Promise.resolve(paymentServices),
  };
}
