// Several variants into the cart at once (the product page's grid of lengths): the form's quantity fields,
// one per variant, posted with intent `add-many` to the cart's action (cart.server.ts), which sends them to
// POST /api/cart/items/many, all of them or none. Used by the grid, the cart's action and the cart page; kept
// apart from cart.ts so that none of it comes with the product page's first download.
import { plural } from '../../lib/format';
import { ADDED } from './cart';

/** The name of a variant's quantity field: `qty.<offer id>`. */
export const quantityField = (offerId: number) => `qty.${offerId}`;
const FIELD = /^qty\.(\d{1,10})$/;

/** The most of one variant the cart takes (the API's limit). */
export const MAX_PIECES = 9999;

export const NOTHING_CHOSEN = 'Укажите количество хотя бы одного варианта';
export const NOT_A_NUMBER = 'количество — целое число';
export const BELOW_ZERO = 'количество не может быть меньше нуля';

/** The words for variants: 1 вариант, 3 варианта, 5 вариантов. */
export const VARIANTS = ['вариант', 'варианта', 'вариантов'] as const;

/** What one field says: a number of pieces (0 for an empty field), or what is wrong with it. */
export function pieces(raw: string): number | typeof NOT_A_NUMBER | typeof BELOW_ZERO {
  const text = raw.trim();
  if (text === '') return 0;
  if (/^[-−]\s*\d+$/.test(text)) return Number(text.replace(/\D/g, '')) === 0 ? 0 : BELOW_ZERO;
  return /^\d{1,9}$/.test(text) ? Number(text) : NOT_A_NUMBER;
}

export interface ManyLine {
  offerId: number;
  quantity: number;
}

/**
 * The lines a posted form asks for: each `qty.<id>` field with pieces in it, in the form's order; or the
 * refusal of the first field that is not a whole number from 0, or of a form with nothing in it.
 */
export function linesOfForm(
  form: FormData,
): { lines: [ManyLine, ...ManyLine[]] } | { message: string; offerId: number | null } {
  const lines: ManyLine[] = [];
  for (const [name, value] of form.entries()) {
    const offerId = Number(FIELD.exec(name)?.[1]);
    if (!offerId || typeof value !== 'string') continue;
    const n = pieces(value);
    if (typeof n === 'string') return { message: `${n.charAt(0).toUpperCase()}${n.slice(1)}`, offerId };
    if (n > MAX_PIECES) return { message: `Не больше ${MAX_PIECES} шт. одного варианта`, offerId };
    if (n > 0) lines.push({ offerId, quantity: n });
  }
  const [first, ...rest] = lines;
  return first ? { lines: [first, ...rest] } : { message: NOTHING_CHOSEN, offerId: null };
}

/** «9 вариантов, 13 шт.»: what the grid holds. */
export function chosenText(variants: number, quantity: number): string {
  return variants ? `${variants} ${plural(variants, VARIANTS)}, ${quantity} шт.` : 'Пока ничего не выбрано';
}

/** «Добавлено в корзину: Ресницы Velora Silk — 9 вариантов, 13 шт.» */
export function addedManyMessage(title: string | null, variants: number, quantity: number): string {
  const what = chosenText(variants, quantity);
  return `${ADDED}: ${title ? `${title} — ${what}` : what}`;
}
