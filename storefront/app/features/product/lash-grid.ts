// The grid order of a lash product (issue 31): a master buys one kind in several lengths at once («C 0,10
// в 9, 10, 11 и 12 мм»). Rows are the curl and thickness (and any other characteristic with several
// values), columns the lengths, in the directory's order; a cell is the variant of that row and length, if the
// product has it. The quantities typed into the cells are checked here before anything is sent.
import type { ProductOption, ProductPageOffer } from '@shop/schemas';
import { BELOW_ZERO, MAX_PIECES, NOTHING_CHOSEN, NOT_A_NUMBER, pieces, type ManyLine } from '../cart';
import { offerValues } from '../../lib/offer-attributes';

export interface GridRow {
  key: string;
  /** «C 0,10 мм»: the row's values as the trade writes them. */
  label: string;
  /** One per length: the variant, or null where the product has none. */
  cells: (ProductPageOffer | null)[];
}

export interface LashGrid {
  lengths: { code: string; title: string }[];
  rows: GridRow[];
}

/** The characteristics a lash product's rows are made of, even with one value. */
const ROW_CODES = ['curl', 'thickness'];

/**
 * The grid of a product whose variants differ in length (two lengths or more) and have a curl or a
 * thickness; null for any other product (glue, tweezers, one length), which keeps the chooser alone.
 */
export function lashGrid(
  options: readonly ProductOption[],
  offers: readonly ProductPageOffer[],
): LashGrid | null {
  const length = options.find((o) => o.code === 'length');
  if (!length || length.values.length < 2 || !options.some((o) => ROW_CODES.includes(o.code))) return null;
  const across = options.filter((o) => o !== length && (ROW_CODES.includes(o.code) || o.values.length > 1));
  const place = (offer: ProductPageOffer) => {
    const values = offerValues(offer);
    return across.map((o) => o.values.findIndex((v) => v.code === values[o.code]));
  };
  const sorted = [...offers].sort((a, b) => {
    const [pa, pb] = [place(a), place(b)];
    const at = pa.findIndex((p, i) => p !== pb[i]);
    return at < 0 ? 0 : pa[at]! - pb[at]!;
  });
  const rows = new Map<string, GridRow>();
  for (const offer of sorted) {
    const values = offerValues(offer);
    const key = across.map((o) => values[o.code] ?? '').join('|');
    let row = rows.get(key);
    if (!row) {
      const label = across
        .map((o) => o.values.find((v) => v.code === values[o.code])?.title)
        .filter(Boolean)
        .join(' ');
      row = { key, label, cells: length.values.map(() => null) };
      rows.set(key, row);
    }
    const column = length.values.findIndex((v) => v.code === values.length);
    if (column >= 0) row.cells[column] = offer;
  }
  return { lengths: length.values.map(({ code, title }) => ({ code, title })), rows: [...rows.values()] };
}

/** «C 0,10 мм, 9 мм»: a cell's variant in the grid's words. */
export function cellName(grid: LashGrid, row: GridRow, column: number): string {
  const length = grid.lengths[column]!.title;
  return row.label ? `${row.label}, ${length}` : length;
}

export interface GridCheck {
  lines: ManyLine[];
  /** Offer id → what is wrong with its quantity (null: with the grid as a whole). */
  problems: Map<number | null, string>;
}

/**
 * The lines the typed quantities ask for, in the grid's order, and what is wrong: a quantity that is not a
 * whole number, below zero or above the stock shown, or nothing typed at all. With a problem nothing is sent.
 */
export function checkGrid(grid: LashGrid, typed: Readonly<Record<number, string>>): GridCheck {
  const lines: ManyLine[] = [];
  const problems = new Map<number | null, string>();
  for (const row of grid.rows)
    row.cells.forEach((offer, column) => {
      if (!offer) return;
      const n = pieces(typed[offer.id] ?? '');
      const name = cellName(grid, row, column);
      if (n === NOT_A_NUMBER || n === BELOW_ZERO) problems.set(offer.id, `${name}: ${n}`);
      else if (n > MAX_PIECES) problems.set(offer.id, `${name}: не больше ${MAX_PIECES} шт.`);
      else if (n > offer.stock)
        problems.set(
          offer.id,
          offer.stock > 0 ? `${name}: в наличии только ${offer.stock} шт.` : `${name}: нет в наличии`,
        );
      else if (n > 0) lines.push({ offerId: offer.id, quantity: n });
    });
  if (!lines.length && !problems.size) problems.set(null, NOTHING_CHOSEN);
  return { lines, problems };
}
