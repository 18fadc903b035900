// Shapes shared by the product kinds and the generator that turns them into rows.
import type { Rng } from './random';
import type { BRANDS } from './reference';

export type Brand = (typeof BRANDS)[number];

/** One variant as a kind describes it; the generator adds the article prefix, sale price and stock. */
export interface OfferSpec {
  /** Directory code → entry code, e.g. { curl: 'D', thickness: '0.07', length: '11' }. */
  attributes: Record<string, string>;
  /** The article's variant part, e.g. D-007-11; empty for a single-variant product. */
  tail: string;
  /** Roubles; the generator stores kopecks. */
  price: number;
  /** Grams. */
  weight: number | null;
}

export interface ProductSpec {
  title: string;
  short: string;
  /** Paragraphs of the full description, plain text. */
  paragraphs: string[];
  /** Label → value, shown as a list under the first paragraph. */
  facts: [string, string][];
  /** Pictures by name (product-views.ts), the card's first; `shows` ends the alt text of the others. */
  images: { name: string; shows?: string }[];
  offers: OfferSpec[];
}

/** A product kind: one leaf category and a recipe for plausible products in it. */
export interface Kind {
  key: string;
  category: string;
  /** Article prefix, two latin letters. */
  prefix: string;
  /** How many products the demo shop has; also the kind's share of the large catalogue. */
  demoCount: number;
  /** Brand codes that make this kind (all brands when absent). */
  brands?: readonly Brand['code'][];
  /** Courses and kits are sold in numbers, not weighed on stock: no zero stock for them. */
  alwaysInStock?: boolean;
  make(rng: Rng, brand: Brand): ProductSpec;
}

/** A product the seed has written, for the reviews and orders that name it. */
export interface SeededProduct {
  id: number;
  kind: string;
}
