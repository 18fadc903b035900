// What the pricing engine needs of the shop and of the customer, read the same way for the catalogue's
// cards (catalog/catalog-pricing.ts) and for the cart (cart-view.ts), so that both price one customer alike.
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { cartRules, users, userTypes } from '../../../generated/tables';
import type { DbOrTx } from '../../platform/db';
import type { PricingCustomer, PricingRule } from './engine';

/** Who the prices are for: the signed-in user (request.user), or null for a guest. */
export interface Viewer {
  id: number;
  groupIds: readonly number[];
  /** The group a representative acts for (a checked X-User-Group), or null. */
  actingGroupId: number | null;
}

/** The request's viewer: its signed-in user and the group they act for, or null for a guest. */
export function viewerOf(request: FastifyRequest): Viewer | null {
  const { user } = request;
  return user
    ? { id: user.id, groupIds: user.groupIds, actingGroupId: request.actingGroup?.id ?? null }
    : null;
}

/**
 * The customer as the engine sees them, as the cart sees them (sales/cart-view.ts): a guest has no type and
 * no groups; a signed-in user has their type while it is active (a switched-off type sets no prices) and
 * the group they act for, or else every group they belong to.
 */
export async function pricingCustomer(db: DbOrTx, viewer: Viewer | null): Promise<PricingCustomer> {
  if (!viewer) return { userId: null, userType: null, groupIds: [] };
  const [type] = await db
    .select({
      id: userTypes.id,
      title: userTypes.title,
      discountPercent: userTypes.discountPercent,
      bonusAllowed: userTypes.bonusAllowed,
    })
    .from(users)
    .innerJoin(userTypes, and(eq(userTypes.id, users.userTypeId), eq(userTypes.active, true)))
    .where(eq(users.id, viewer.id));
  const groupIds = viewer.actingGroupId !== null ? [viewer.actingGroupId] : [...viewer.groupIds];
  return { userId: viewer.id, userType: type ?? null, groupIds };
}

/** The active cart rules (their dates, products and customers are the engine's to check). */
export async function activeCartRules(db: DbOrTx): Promise<PricingRule[]> {
  const rows = await db
    .select({
      id: cartRules.id,
      title: cartRules.title,
      description: cartRules.description,
      startsAt: cartRules.startsAt,
      endsAt: cartRules.endsAt,
      priority: cartRules.priority,
      stopFurtherRules: cartRules.stopFurtherRules,
      combineWithCoupons: cartRules.combineWithCoupons,
      minItemsTotal: cartRules.minItemsTotal,
      minQuantity: cartRules.minQuantity,
      productIds: cartRules.productIds,
      categoryIds: cartRules.categoryIds,
      userTypeIds: cartRules.userTypeIds,
      userGroupIds: cartRules.userGroupIds,
      discountType: cartRules.discountType,
      discountValue: cartRules.discountValue,
      maxDiscount: cartRules.maxDiscount,
      active: cartRules.active,
    })
    .from(cartRules)
    .where(eq(cartRules.active, true));
  // The column is text; the entity's schema allows only the engine's kinds.
  return rows.map((r) => ({ ...r, discountType: r.discountType as PricingRule['discountType'] }));
}
