// The one pricing engine: every price the shop shows or charges comes from here. Pure functions: the
// caller reads the rows (cart lines, rules, the coupon and its uses, the bonus balance, settings, delivery
// and payment services) and passes them in with `now`; nothing here touches the database or the clock.
// docs/pricing.md says the order of the discounts, the rounding and the spreading over lines.
import { priceBonuses } from './bonuses';
import { checkCoupon, rejected, type CouponCheck } from './coupons';
import { deliveryCost, deliveryOptions, paymentOptions, paymentsOutOfReach } from './delivery';
import { priceGoods, type PricedGoods } from './goods';
import { remaining, remainingOf, type LineState } from './lines';
import { couponMessages } from './messages';
import { cartProblems } from './problems';
import { sum } from './money';
import { selectRules } from './rules';
import { receiptPositions, spread } from './spread';
import type {
  CartPricing,
  CatalogOffer,
  CatalogPrice,
  PricedLine,
  PricingCustomer,
  PricingInput,
  PricingLine,
  PricingRule,
} from './types';

export { normalizeCouponCode } from './coupons';
export { percentOf } from './money';
export { receiptPositions } from './spread';
export type * from './types';

function assertLines(lines: readonly PricingLine[]): void {
  const seen = new Set<number>();
  for (const l of lines) {
    const whole = (n: number) => Number.isSafeInteger(n) && n >= 0;
    if (
      !whole(l.basePrice) ||
      (l.salePrice !== null && !whole(l.salePrice)) ||
      !whole(l.quantity) ||
      l.quantity < 1
    )
      throw new RangeError(`pricing: offer ${l.offerId} has a price or quantity that is not a whole number`);
    if (seen.has(l.offerId)) throw new RangeError(`pricing: offer ${l.offerId} is on two cart lines`);
    seen.add(l.offerId);
  }
}

/**
 * The goods with the rules and the coupon. When the coupon is valid but an applying rule does not combine
 * with coupons, both ways are priced and the customer gets the cheaper one (ties: the rules, and the
 * coupon stays unused).
 */
function bestGoods(input: PricingInput, check: CouponCheck | null): PricedGoods {
  const { lines, customer, rules, now } = input;
  const selected = selectRules(rules, lines, customer, now);
  if (!check?.ok) {
    const goods = priceGoods(lines, customer, selected, null);
    return { ...goods, coupon: check ? rejected(check) : null };
  }
  const blocker = selected.find((r) => !r.combineWithCoupons);
  if (!blocker) return priceGoods(lines, customer, selected, check);
  const withRules = priceGoods(lines, customer, selected, null);
  const combinable = rules.filter((r) => r.combineWithCoupons);
  const withCoupon = priceGoods(lines, customer, selectRules(combinable, lines, customer, now), check);
  const cost = (g: PricedGoods) =>
    remainingOf(g.states) +
    deliveryCost(
      deliveryOptions(input.deliveryServices, remainingOf(g.states), g.freeDelivery),
      input.deliveryServiceId,
    );
  if (withCoupon.coupon?.state === 'applied' && cost(withCoupon) < cost(withRules)) return withCoupon;
  const message = couponMessages.not_combinable(check.code, blocker.title);
  const coupon =
    withCoupon.coupon?.state === 'rejected'
      ? withCoupon.coupon
      : rejected({ code: check.code, failure: 'not_combinable', message });
  return { ...withRules, coupon };
}

function pricedLine(s: LineState, bonusShare: number): PricedLine {
  const { line } = s;
  const total = s.unitPrice * line.quantity;
  const payable = total - s.share - bonusShare;
  return {
    offerId: line.offerId,
    productId: line.productId,
    title: line.title,
    quantity: line.quantity,
    basePrice: line.basePrice,
    price: s.price,
    unitPrice: s.unitPrice,
    total,
    discountShare: s.share,
    bonusShare,
    payable,
    receipt: receiptPositions(payable, line.quantity),
  };
}

/** Prices a cart: the answer of GET /api/cart and what a placed order snapshots. */
export function priceCart(input: PricingInput): CartPricing {
  assertLines(input.lines);
  const check = input.coupon ? checkCoupon(input.coupon, input.customer, input.lines, input.now) : null;
  const goods = bestGoods(input, check);
  const { states } = goods;
  const goodsTotal = sum(states.map((s) => s.price * s.line.quantity));
  const afterDiscounts = remainingOf(states);

  // Bonuses, spread over the lines like an order discount but kept apart (bonusShare).
  const { bonuses, problem: bonusProblem } = priceBonuses(
    input.settings,
    input.customer,
    input.bonuses,
    afterDiscounts,
  );
  const bonusShares = spread(
    bonuses.value,
    states.map(remaining),
    states.map((s) => s.line.offerId),
  );

  const options = deliveryOptions(input.deliveryServices, afterDiscounts, goods.freeDelivery);
  const chosen = options.find((o) => o.id === input.deliveryServiceId) ?? null;
  const delivery = chosen?.cost ?? 0;
  const freeDelivery = goods.discounts.find((d) => d.type === 'free_delivery');
  if (freeDelivery && chosen?.freeBy === 'discount') freeDelivery.deliverySaving = chosen.price;

  const discountsTotal = goodsTotal - afterDiscounts;
  const total = goodsTotal - discountsTotal - bonuses.value + delivery;
  const payments = paymentOptions(input.paymentServices, chosen?.id ?? null, total);

  const problems = cartProblems(input, {
    afterDiscounts,
    coupon: goods.coupon,
    bonus: bonusProblem,
    deliveryAvailable: chosen !== null,
    payments,
  });

  const hints = options
    .filter((o) => states.length > 0 && o.leftForFree !== null)
    .sort((a, b) => a.leftForFree! - b.leftForFree!);
  return {
    lines: states.map((s, i) => pricedLine(s, bonusShares[i]!)),
    discounts: goods.discounts,
    coupon: goods.coupon,
    bonuses,
    delivery: { options, selectedId: chosen?.id ?? null, hint: hints[0]?.message ?? null },
    payments,
    paymentsOutOfReach: paymentsOutOfReach(input.paymentServices, chosen?.id ?? null, total),
    totals: {
      goods: goodsTotal,
      discounts: discountsTotal,
      bonuses: bonuses.value,
      delivery,
      total,
      quantity: sum(states.map((s) => s.line.quantity)),
    },
    problems,
    canOrder: !problems.some((p) => p.blocking),
  };
}

/**
 * What a customer pays for one unit of an offer: the unit price the same offer has in this customer's
 * cart, by the same code (a one-unit cart, no coupon). Rules whose conditions one unit does not meet
 * (a minimum sum or quantity) are not shown, and order-level discounts never change a unit price.
 */
export function catalogPrice(
  offer: CatalogOffer,
  customer: PricingCustomer,
  rules: readonly PricingRule[],
  now: Date,
): CatalogPrice {
  const line: PricingLine = { ...offer, title: '', quantity: 1 };
  assertLines([line]);
  const goods = priceGoods([line], customer, selectRules(rules, [line], customer, now), null);
  const state = goods.states[0]!;
  return {
    basePrice: offer.basePrice,
    price: state.price,
    unitPrice: state.unitPrice,
    discounts: goods.discounts.filter((d) => d.level === 'unit'),
  };
}
