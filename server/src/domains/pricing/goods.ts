// The discounts on the goods, in their fixed order:
//   1. the user type's discountPercent, per unit;
//   2. percent rules, in priority order, per unit (each on the unit price the previous steps left);
//   3. amount rules, in priority order, spread over their lines: fixed rules, and percent rules whose
//      per-unit discounts together would pass their maxDiscount (they give maxDiscount instead);
//   4. the coupon, spread over its lines.
// Per-unit steps come before any spread share, so a unit price is always a whole number of kopecks and a
// product card can show it; whichever step runs out of money to take gives only what is left.
import { applyCoupon } from './coupons';
import { lineMatches } from './rules';
import { lowerUnitPrices, startLines, takeAmount, unitPercentAmounts, type LineState } from './lines';
import { discountTitles } from './messages';
import { sum } from './money';
import type {
  AppliedDiscount,
  CouponResult,
  PricingCoupon,
  PricingCustomer,
  PricingLine,
  PricingRule,
} from './types';

export interface PricedGoods {
  states: LineState[];
  discounts: AppliedDiscount[];
  coupon: CouponResult | null;
  freeDelivery: boolean;
}

function offerIds(states: readonly LineState[]): number[] {
  return states.map((s) => s.line.offerId).sort((a, b) => a - b);
}

function userTypeDiscount(states: LineState[], customer: PricingCustomer): AppliedDiscount | null {
  const type = customer.userType;
  if (!type || type.discountPercent <= 0) return null;
  const amount = sum(unitPercentAmounts(states, type.discountPercent));
  lowerUnitPrices(states, type.discountPercent);
  return {
    source: 'user_type',
    id: type.id,
    title: discountTitles.userType(type.discountPercent, type.title),
    description: null,
    type: 'percent',
    value: type.discountPercent,
    level: 'unit',
    amount,
    deliverySaving: 0,
    capped: false,
    offerIds: offerIds(states),
  };
}

function ruleDiscount(rule: PricingRule, targets: readonly LineState[]): AppliedDiscount {
  return {
    source: 'rule',
    id: rule.id,
    title: rule.title,
    description: rule.description,
    type: rule.discountType,
    value: rule.discountType === 'free_delivery' ? 0 : rule.discountValue,
    level: rule.discountType === 'free_delivery' ? 'delivery' : 'unit',
    amount: 0,
    deliverySaving: 0,
    capped: false,
    offerIds: offerIds(targets),
  };
}

function applyRules(states: LineState[], rules: readonly PricingRule[]): AppliedDiscount[] {
  const applied = rules.map((rule) => {
    const targets = states.filter((s) => lineMatches(s.line, rule));
    return { rule, targets, discount: ruleDiscount(rule, targets), amountLater: null as number | null };
  });
  // Step 2: per-unit percents, unless maxDiscount would cut them (then they wait for step 3).
  for (const a of applied) {
    if (a.rule.discountType !== 'percent') continue;
    const wanted = sum(unitPercentAmounts(a.targets, a.rule.discountValue));
    if (a.rule.maxDiscount !== null && wanted > a.rule.maxDiscount) {
      a.amountLater = a.rule.maxDiscount;
      a.discount.capped = true;
      continue;
    }
    lowerUnitPrices(a.targets, a.rule.discountValue);
    a.discount.amount = wanted;
  }
  // Step 3: amounts, spread over the rule's lines; a fixed rule is held to its maxDiscount too.
  for (const a of applied) {
    const wanted = a.rule.discountType === 'fixed' ? a.rule.discountValue : a.amountLater;
    if (wanted === null) continue;
    a.discount.level = 'order';
    a.discount.amount = takeAmount(a.targets, Math.min(wanted, a.rule.maxDiscount ?? Infinity));
    a.discount.capped ||= a.discount.amount < wanted;
  }
  return applied.map((a) => a.discount);
}

/** The goods of a cart with the given (already selected) rules and an already checked coupon. */
export function priceGoods(
  lines: readonly PricingLine[],
  customer: PricingCustomer,
  rules: readonly PricingRule[],
  coupon: { code: string; coupon: PricingCoupon } | null,
): PricedGoods {
  const states = startLines(lines);
  const discounts: AppliedDiscount[] = [];
  const own = userTypeDiscount(states, customer);
  if (own) discounts.push(own);
  discounts.push(...applyRules(states, rules));
  let couponResult: CouponResult | null = null;
  if (coupon) {
    const { result, discount } = applyCoupon(states, coupon.code, coupon.coupon);
    couponResult = result;
    if (discount) discounts.push(discount);
  }
  const kept = discounts.filter((d) => d.amount > 0 || d.type === 'free_delivery');
  return {
    states,
    discounts: kept,
    coupon: couponResult,
    freeDelivery: kept.some((d) => d.type === 'free_delivery'),
  };
}
