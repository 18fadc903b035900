// The running state of each cart line while discounts are applied, and the two ways a discount takes money
// off lines: lowering the unit price (per unit, so that a product card can show the same price) or taking
// an amount spread over the lines as a share (order-level discounts).
import { percentOf, sum } from './money';
import { spread } from './spread';
import type { PricingLine } from './types';

export interface LineState {
  line: PricingLine;
  /** Offer price: sale price when set, else base price. */
  price: number;
  /** After the per-unit discounts so far. */
  unitPrice: number;
  /** Order-level discounts spread onto this line so far. */
  share: number;
}

export function startLines(lines: readonly PricingLine[]): LineState[] {
  return lines.map((line) => {
    const price = line.salePrice ?? line.basePrice;
    return { line, price, unitPrice: price, share: 0 };
  });
}

/** What is still to pay for the line's goods. Never negative: every step below keeps it so. */
export function remaining(s: LineState): number {
  return s.unitPrice * s.line.quantity - s.share;
}

export function remainingOf(states: readonly LineState[]): number {
  return sum(states.map(remaining));
}

/** The per-unit discount of `percent` on each line, rounded half up per unit, times the quantity. */
export function unitPercentAmounts(states: readonly LineState[], percent: number): number[] {
  return states.map((s) => percentOf(s.unitPrice, Math.min(percent, 100)) * s.line.quantity);
}

/** Lowers the unit prices by `percent` (the amounts unitPercentAmounts gave). Only before any share exists. */
export function lowerUnitPrices(states: readonly LineState[], percent: number): void {
  for (const s of states) s.unitPrice -= percentOf(s.unitPrice, Math.min(percent, 100));
}

/**
 * Takes up to `amount` off the lines, spread in proportion to what remains of each (largest remainder);
 * returns what was taken: `amount`, or less when the lines have less left.
 */
export function takeAmount(states: readonly LineState[], amount: number): number {
  const weights = states.map(remaining);
  const taken = Math.min(amount, sum(weights));
  const parts = spread(
    taken,
    weights,
    states.map((s) => s.line.offerId),
  );
  states.forEach((s, i) => (s.share += parts[i]!));
  return taken;
}
