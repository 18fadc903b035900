// Delivery prices and the payment services a delivery allows. A service is free when the goods after
// discounts (before bonuses: paying with points must not lose free delivery) reach its freeFrom, or when a
// rule or the coupon gives free delivery (for every service). Payment services: active, allowed for the
// chosen delivery (deliveryServiceIds empty: any; no delivery chosen yet: not checked) and within their
// minOrderTotal…maxOrderTotal, both ends included, counted on the total to pay.
import { deliveryMessages, paymentMessages } from './messages';
import type {
  DeliveryOption,
  PaymentOption,
  PaymentOutOfReach,
  PricingDelivery,
  PricingPayment,
} from './types';

const bySortOrder = (a: { sortOrder: number; id: number }, b: { sortOrder: number; id: number }) =>
  a.sortOrder - b.sortOrder || a.id - b.id;

export function deliveryOptions(
  services: readonly PricingDelivery[],
  goodsAfterDiscounts: number,
  freeDelivery: boolean,
): DeliveryOption[] {
  return services
    .filter((s) => s.active)
    .sort(bySortOrder)
    .map((s) => {
      const byThreshold = s.freeFrom !== null && goodsAfterDiscounts >= s.freeFrom;
      const freeBy = s.price === 0 ? null : byThreshold ? 'threshold' : freeDelivery ? 'discount' : null;
      const cost = freeBy ? 0 : s.price;
      const leftForFree = cost > 0 && s.freeFrom !== null ? s.freeFrom - goodsAfterDiscounts : null;
      return {
        id: s.id,
        code: s.code,
        title: s.title,
        kind: s.kind,
        price: s.price,
        cost,
        freeBy,
        leftForFree,
        message: leftForFree === null ? null : deliveryMessages.leftForFree(leftForFree),
      };
    });
}

/** The cost of the chosen delivery, or 0 when none (or an unavailable one) is chosen. */
export function deliveryCost(options: readonly DeliveryOption[], selectedId: number | null): number {
  return options.find((o) => o.id === selectedId)?.cost ?? 0;
}

const forDelivery = (p: PricingPayment, deliveryId: number | null) =>
  p.active &&
  (deliveryId === null || p.deliveryServiceIds.length === 0 || p.deliveryServiceIds.includes(deliveryId));

const withinTotal = (p: PricingPayment, total: number) =>
  (p.minOrderTotal === null || total >= p.minOrderTotal) &&
  (p.maxOrderTotal === null || total <= p.maxOrderTotal);

export function paymentOptions(
  services: readonly PricingPayment[],
  deliveryId: number | null,
  total: number,
): PaymentOption[] {
  return services
    .filter((p) => forDelivery(p, deliveryId) && withinTotal(p, total))
    .sort(bySortOrder)
    .map((p) => ({ id: p.id, code: p.code, title: p.title, kind: p.kind }));
}

/**
 * The services the chosen delivery allows but this total does not, each with why («Для заказов от 10 000 ₽:
 * добавьте товаров ещё на 3 250 ₽»): the checkout shows them greyed rather than hiding them unexplained.
 */
export function paymentsOutOfReach(
  services: readonly PricingPayment[],
  deliveryId: number | null,
  total: number,
): PaymentOutOfReach[] {
  return services
    .filter((p) => forDelivery(p, deliveryId) && !withinTotal(p, total))
    .sort(bySortOrder)
    .map((p) => ({
      id: p.id,
      code: p.code,
      title: p.title,
      kind: p.kind,
      reason:
        p.minOrderTotal !== null && total < p.minOrderTotal
          ? paymentMessages.fromTotal(p.minOrderTotal, p.minOrderTotal - total)
          : paymentMessages.upToTotal(p.maxOrderTotal!),
    }));
}
