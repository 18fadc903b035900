// What pieces of an order line cost when they go back one by one, shared by the refund service (the sum it
// gives back) and the admin's refund dialog (the sum it shows before sending). A line's sum is spread over
// its pieces as its receipt spreads it (server/src/domains/pricing/spread.ts receiptPositions): the remainder's
// pieces one kopeck dearer, and those first. So the pieces of a line add up to its sum however they are
// returned, and a refund's receipt repeats the payment's prices.

/** What `count` pieces of a line of `quantity` pieces summing `payable` kopecks cost, after the first `from`. */
export function piecesSum(payable: number, quantity: number, from: number, count: number): number {
  const price = Math.floor(payable / quantity);
  const extra = payable - price * quantity;
  return count * price + Math.max(0, Math.min(extra, from + count) - Math.min(extra, from));
}
