// What stands between the cart and an order, for the customer to read. Blocking problems (an empty cart,
// below the shop's minimum, a delivery or payment that cannot be chosen) stop the order; the others (a code
// that does not work, fewer points than asked) only explain what was done instead.
import { problemMessages } from './messages';
import type { CouponResult, PaymentOption, PricingInput, PricingProblem } from './types';

export function cartProblems(
  input: PricingInput,
  found: {
    afterDiscounts: number;
    coupon: CouponResult | null;
    bonus: PricingProblem | null;
    deliveryAvailable: boolean;
    payments: readonly PaymentOption[];
  },
): PricingProblem[] {
  const problems: PricingProblem[] = [];
  const min = input.settings.minOrderTotal;
  if (input.lines.length === 0)
    problems.push({ code: 'empty_cart', message: problemMessages.emptyCart, blocking: true });
  else if (found.afterDiscounts < min) {
    const message = problemMessages.belowMinOrder(min, min - found.afterDiscounts);
    problems.push({ code: 'below_min_order', message, blocking: true });
  }
  if (found.coupon?.state === 'rejected')
    problems.push({ code: 'coupon', message: found.coupon.message, blocking: false });
  if (found.bonus) problems.push(found.bonus);
  if (input.deliveryServiceId !== null && !found.deliveryAvailable) {
    const message = problemMessages.deliveryUnavailable;
    problems.push({ code: 'delivery_unavailable', message, blocking: true });
  }
  const paymentId = input.paymentServiceId;
  if (paymentId !== null && !found.payments.some((p) => p.id === paymentId)) {
    const title = input.paymentServices.find((p) => p.id === paymentId)?.title ?? null;
    const message = problemMessages.paymentUnavailable(title);
    problems.push({ code: 'payment_unavailable', message, blocking: true });
  }
  return problems;
}
