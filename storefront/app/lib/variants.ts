// The variant chooser's logic (DESIGN.md): chips per characteristic (curl, thickness, length, colour…) in
// directory order. Choosing goes down the list the way a lash maker thinks ("D, then 0,07, then 11 мм"): a
// value is judged against the values chosen *above* it, so the chooser never reaches a dead end, and when a
// choice above makes a value below impossible, that value moves to the first one that exists.
// Values that exist nowhere under the choices above, or only out of stock, stay visible but disabled.
import type { ProductOption, ProductPageOffer } from '@shop/schemas';

/** Characteristic code → chosen value code. */
export type Selection = Record<string, string>;

export type ChipState = 'available' | 'soldout' | 'missing';

export interface Chip {
  code: string;
  title: string;
  hex: string | null;
  hint: string | null;
  state: ChipState;
  selected: boolean;
}

/** An offer's characteristics as code → value. */
export function offerValues(offer: ProductPageOffer): Selection {
  return Object.fromEntries(offer.attributes.map((a) => [a.code, a.value]));
}

const matches = (offer: ProductPageOffer, selection: Selection, codes: readonly string[]) => {
  const values = offerValues(offer);
  return codes.every((code) => selection[code] === undefined || values[code] === selection[code]);
};

/** The offer that has exactly the chosen values, if any. */
export function findOffer(
  options: readonly ProductOption[],
  offers: readonly ProductPageOffer[],
  selection: Selection,
): ProductPageOffer | undefined {
  if (offers.length === 1 && options.length === 0) return offers[0];
  return offers.find((o) => {
    const values = offerValues(o);
    return options.every((opt) => values[opt.code] === selection[opt.code]);
  });
}

/** Chips of every option, each judged against the values chosen in the options above it. */
export function chooserChips(
  options: readonly ProductOption[],
  offers: readonly ProductPageOffer[],
  selection: Selection,
): { option: ProductOption; chips: Chip[] }[] {
  return options.map((option, index) => {
    const above = options.slice(0, index).map((o) => o.code);
    const candidates = offers.filter((o) => matches(o, selection, above));
    return {
      option,
      chips: option.values.map((value) => {
        const withValue = candidates.filter((o) => offerValues(o)[option.code] === value.code);
        const state: ChipState = !withValue.length
          ? 'missing'
          : withValue.some((o) => o.inStock)
            ? 'available'
            : 'soldout';
        return { ...value, state, selected: selection[option.code] === value.code };
      }),
    };
  });
}

/**
 * The selection after choosing `value` for the option `code`: the options below keep their values where
 * such a variant exists, otherwise take the first value in stock (or, failing that, the first that exists).
 */
export function choose(
  options: readonly ProductOption[],
  offers: readonly ProductPageOffer[],
  selection: Selection,
  code: string,
  value: string,
): Selection {
  const at = options.findIndex((o) => o.code === code);
  if (at < 0) return selection;
  const next: Selection = {};
  for (const o of options.slice(0, at))
    if (selection[o.code] !== undefined) next[o.code] = selection[o.code]!;
  next[code] = value;
  for (const option of options.slice(at + 1)) {
    const fixed = Object.keys(next);
    const candidates = offers.filter((o) => matches(o, next, fixed));
    const valuesOf = (pool: ProductPageOffer[]) => new Set(pool.map((o) => offerValues(o)[option.code]));
    const existing = valuesOf(candidates);
    const inStock = valuesOf(candidates.filter((o) => o.inStock));
    const current = selection[option.code];
    // What the visitor chose stays while such a variant exists, even sold out: they see that it is.
    const picked =
      current !== undefined && existing.has(current)
        ? current
        : (option.values.find((v) => inStock.has(v.code)) ?? option.values.find((v) => existing.has(v.code)))
            ?.code;
    if (picked === undefined) break;
    next[option.code] = picked;
  }
  return next;
}

/** Where the chooser starts: the asked-for offer, else the first in stock, else the first. */
export function initialSelection(
  offers: readonly ProductPageOffer[],
  preferredOfferId?: number | null,
): Selection {
  const start = offers.find((o) => o.id === preferredOfferId) ?? offers.find((o) => o.inStock) ?? offers[0];
  return start ? offerValues(start) : {};
}

/** "D 0,07 11 мм": the chosen variant as the trade writes it, for alt texts and the cart. */
export function variantLabel(offer: ProductPageOffer): string {
  return offer.attributes.map((a) => a.valueTitle).join(' ');
}
