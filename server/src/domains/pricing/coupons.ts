// Whether an entered code can be used, and what it takes off. The checks run in a fixed order and the first
// that fails gives the customer its one message: not found, switched off, someone else's personal coupon,
// not started, expired, used up, used up by this customer, no line in its categories, order too small.
// The personal check comes before the dates so that nothing about another customer's coupon is told.
// A coupon is an order-level discount: its percent is taken of what remains of its lines after the user
// type and the rules, rounded half up once, capped by maxDiscount, and spread over those lines.
import { hasEnded, hasStarted } from './dates';
import { remainingOf, takeAmount, type LineState } from './lines';
import { couponMessages, discountTitles } from './messages';
import { percentOf } from './money';
import { lineMatches } from './rules';
import type {
  AppliedDiscount,
  CouponEntry,
  CouponFailure,
  CouponResult,
  PricingCoupon,
  PricingCustomer,
  PricingLine,
} from './types';

/** Codes are stored upper case (the schema's pattern); a customer may type them any way. */
export function normalizeCouponCode(code: string): string {
  return code.trim().toUpperCase();
}

export type CouponCheck =
  | { ok: true; code: string; coupon: PricingCoupon }
  | { ok: false; code: string; failure: CouponFailure; message: string };

function fail(code: string, failure: CouponFailure, message: string): CouponCheck {
  return { ok: false, code, failure, message };
}

/** Every check that does not depend on the discounts (all but minOrderTotal). */
export function checkCoupon(
  entry: CouponEntry,
  customer: PricingCustomer,
  lines: readonly PricingLine[],
  now: Date,
): CouponCheck {
  const code = normalizeCouponCode(entry.code);
  const c = entry.coupon;
  const m = couponMessages;
  if (!c || normalizeCouponCode(c.code) !== code) return fail(code, 'unknown', m.unknown(code));
  if (!c.active) return fail(code, 'inactive', m.inactive(code));
  if (c.userId !== null && customer.userId === null) return fail(code, 'guest', m.guest(code));
  if (c.userId !== null && c.userId !== customer.userId)
    return fail(code, 'other_customer', m.other_customer(code));
  if (!hasStarted(c.startsAt, now)) return fail(code, 'not_started', m.not_started(code, c.startsAt!));
  if (hasEnded(c.endsAt, now)) return fail(code, 'expired', m.expired(code));
  if (c.usageLimit !== null && entry.usage.total >= c.usageLimit)
    return fail(code, 'usage_limit', m.usage_limit(code));
  if (c.usageLimitPerUser !== null && entry.usage.byCustomer >= c.usageLimitPerUser)
    return fail(code, 'user_limit', m.user_limit(code, c.usageLimitPerUser));
  if (!lines.some((l) => lineMatches(l, c))) return fail(code, 'categories', m.categories(code));
  return { ok: true, code, coupon: c };
}

export function rejected(check: { code: string; failure: CouponFailure; message: string }): CouponResult {
  return { code: check.code, state: 'rejected', failure: check.failure, message: check.message, amount: 0 };
}

/**
 * Applies a coupon that passed checkCoupon to the lines as they are after the rules, or rejects it when
 * the goods do not reach its minOrderTotal (counted after the user type and rule discounts).
 */
export function applyCoupon(
  states: LineState[],
  code: string,
  c: PricingCoupon,
): { result: CouponResult; discount: AppliedDiscount | null } {
  const before = remainingOf(states);
  if (c.minOrderTotal !== null && before < c.minOrderTotal) {
    const message = couponMessages.min_total(code, c.minOrderTotal, c.minOrderTotal - before);
    return { result: rejected({ code, failure: 'min_total', message }), discount: null };
  }
  const targets = states.filter((s) => lineMatches(s.line, c));
  const base = remainingOf(targets);
  let amount = 0;
  let capped = false;
  if (c.type !== 'free_delivery') {
    const wanted = c.type === 'percent' ? percentOf(base, Math.min(c.value, 100)) : c.value;
    const limit = c.maxDiscount ?? Infinity;
    amount = takeAmount(targets, Math.min(wanted, limit));
    capped = amount < wanted;
  }
  const message =
    c.type === 'free_delivery'
      ? couponMessages.appliedFreeDelivery(code)
      : couponMessages.applied(code, amount);
  return {
    result: { code, state: 'applied', failure: null, message, amount },
    discount: {
      source: 'coupon',
      id: c.id,
      title: discountTitles.coupon(code),
      description: null,
      type: c.type,
      value: c.type === 'free_delivery' ? 0 : c.value,
      level: c.type === 'free_delivery' ? 'delivery' : 'order',
      amount,
      deliverySaving: 0,
      capped,
      offerIds: targets.map((s) => s.line.offerId).sort((a, b) => a - b),
    },
  };
}
