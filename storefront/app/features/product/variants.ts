// The variant chooser's logic (DESIGN.md): chips per characteristic (curl, thickness, length, colour…) in
// directory order. Choosing goes down the list the way a lash maker thinks ("D, then 0,07, then 11 мм"): a
// value is judged against the values chosen *above* it, so the chooser never reaches a dead end, and when a
// choice above makes a value below impossible, that value is no longer chosen. Nothing is chosen for the
// visitor but a value with no alternative (issue 25: a sticky «В корзину» added a variant nobody chose).
// Values that exist nowhere under the choices above, or only out of stock, stay visible but disabled.
import type { ProductOption, ProductPageOffer } from '@shop/schemas';
import { offerValues } from '../../lib/offer-attributes';

// An offer's characteristics and its words live in lib/offer-attributes.ts: the favourites use them too.
export { offerValues, variantLabel } from '../../lib/offer-attributes';

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
 * The selection after choosing `value` for the option `code`. The options below keep what the visitor chose
 * while such a variant exists, even sold out (they see that it is); a value that no longer exists under the
 * new choice is dropped, and an option left with a single possible value takes it. Nothing else is chosen for
 * the visitor: «В корзину» adds only a variant they chose.
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
  return settle(options.slice(at + 1), offers, next, selection);
}

/** Fills the options in turn: the visitor's value where such a variant exists, else the only possible one. */
function settle(
  options: readonly ProductOption[],
  offers: readonly ProductPageOffer[],
  next: Selection,
  wanted: Selection,
): Selection {
  for (const option of options) {
    const fixed = Object.keys(next);
    const existing = new Set(
      offers
        .filter((o) => matches(o, next, fixed))
        .map((o) => offerValues(o)[option.code])
        .filter((v) => v !== undefined),
    );
    const current = wanted[option.code];
    const picked =
      current !== undefined && existing.has(current)
        ? current
        : existing.size === 1
          ? [...existing][0]
          : undefined;
    if (picked !== undefined) next[option.code] = picked;
  }
  return next;
}

/**
 * Where the chooser starts: the offer a link asked for (?offer=…), the only offer, or the first of a product
 * sold out altogether (for «Сообщить о поступлении»). Otherwise only what every variant shares is chosen:
 * the visitor chooses the rest, so that nothing they did not choose goes into the cart.
 */
export function initialSelection(
  options: readonly ProductOption[],
  offers: readonly ProductPageOffer[],
  linkedOfferId?: number | null,
): Selection {
  const start =
    offers.find((o) => o.id === linkedOfferId) ??
    (offers.length === 1 || !offers.some((o) => o.inStock) ? offers[0] : undefined);
  return start ? offerValues(start) : settle(options, offers, {}, {});
}

/** The offers that have every value chosen so far (all of them when nothing is chosen). */
export function offersMatching(
  offers: readonly ProductPageOffer[],
  selection: Selection,
): ProductPageOffer[] {
  return offers.filter((o) => matches(o, selection, Object.keys(selection)));
}

/** An option's title as the object of «Выберите»: «Толщина» → «толщину», «Цвет» → «цвет». */
function accusative(title: string): string {
  const [first = '', ...rest] = title.split(' ');
  // An abbreviation (SPF, УФ) keeps its capitals.
  let word = first.length > 1 && first[1] === first[1]!.toLowerCase() ? first.toLowerCase() : first;
  if (/[^аеёиоуыэюя]а$/i.test(word)) word = `${word.slice(0, -1)}у`;
  else if (/[^аеёиоуыэюя]я$/i.test(word)) word = `${word.slice(0, -1)}ю`;
  return [word, ...rest].join(' ');
}

/** «не выбран», «не выбрана», «не выбрано»: agreeing with the option's title («Изгиб», «Длина», «Количество»). */
export function notChosen(title: string): string {
  const first = (title.split(' ')[0] ?? '').toLowerCase();
  if (/[ая]$/.test(first)) return 'не выбрана';
  if (/[оеё]$/.test(first)) return 'не выбрано';
  return 'не выбран';
}

/** «Выберите изгиб, толщину и длину»: the options still to choose, in the chooser's order. */
export function choosePrompt(titles: readonly string[]): string {
  const words = titles.map(accusative);
  const list =
    words.length > 1 ? `${words.slice(0, -1).join(', ')} и ${words.at(-1)}` : (words[0] ?? 'вариант');
  return `Выберите ${list}`;
}
