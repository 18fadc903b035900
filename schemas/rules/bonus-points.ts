// The points a purchase brings: the one rule for the cart's «Вернётся баллами», the product page's «+N баллов»
// and the accrual when an order is completed (server/src/flows/order-status), so the figure a customer is
// shown is the figure they get.

/**
 * bonusAccrualPercent of what the goods are paid in money (after every discount and the points spent), in
 * whole points, rounded down; 0 when nothing is paid or the programme gives nothing.
 */
export function pointsEarned(paidKopecks: number, accrualPercent: number, pointValue: number): number {
  if (paidKopecks <= 0 || accrualPercent <= 0 || pointValue <= 0) return 0;
  return Math.floor((paidKopecks * accrualPercent) / 100 / pointValue);
}
