// Spreading an order-level amount over lines (largest remainder) and splitting a line's sum into receipt
// positions. Both keep exact integer sums, which a 54-FZ receipt requires: the positions must add up to the
// order's total to the kopeck.

/**
 * Splits `amount` over `weights` in proportion, in whole kopecks, the parts summing to `amount` exactly:
 * each part is first rounded down, then the kopecks left over go one each to the parts with the largest
 * remainders; equal remainders go to the larger weight, then to the smaller key (an offer id), so the
 * result never depends on the order of the lines. With amount ≤ Σ weights no part exceeds its weight.
 * BigInt because amount × weight can pass 2^53 for large orders.
 */
export function spread(amount: number, weights: readonly number[], keys: readonly number[]): number[] {
  const total = weights.reduce((s, w) => s + w, 0);
  if (amount === 0 || total === 0) return weights.map(() => 0);
  const a = BigInt(amount);
  const t = BigInt(total);
  const parts = weights.map((w) => Number((a * BigInt(w)) / t));
  const remainders = weights.map((w) => (a * BigInt(w)) % t);
  let left = amount - parts.reduce((s, p) => s + p, 0);
  const order = weights
    .map((_, i) => i)
    .sort((i, j) => {
      const ri = remainders[i]!;
      const rj = remainders[j]!;
      if (ri !== rj) return ri > rj ? -1 : 1;
      if (weights[i] !== weights[j]) return weights[j]! - weights[i]!;
      return keys[i]! - keys[j]!;
    });
  for (const i of order) {
    if (left === 0) break;
    parts[i]! += 1;
    left -= 1;
  }
  return parts;
}

/**
 * A line's sum as receipt positions: `quantity` units at one price when the sum divides evenly, else two
 * positions whose prices differ by one kopeck (r units at q + 1, the rest at q).
 */
export function receiptPositions(sum: number, quantity: number): { price: number; quantity: number }[] {
  const price = Math.floor(sum / quantity);
  const extra = sum - price * quantity;
  const positions = [];
  if (extra > 0) positions.push({ price: price + 1, quantity: extra });
  if (quantity - extra > 0) positions.push({ price, quantity: quantity - extra });
  return positions;
}
