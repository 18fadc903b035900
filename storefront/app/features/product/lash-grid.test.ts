// The grid of lengths (issue 31) and the sizes offered instead of a sold-out one: which products get a grid,
// its rows and columns in the directory's order, what a typed quantity may be, and which variants are nearest.
import type { ProductOption, ProductPageOffer } from '@shop/schemas';
import { describe, expect, it } from 'vitest';
import { cellName, checkGrid, lashGrid } from './lash-grid';
import { nearestSizes } from './nearest-sizes';

const TITLES: Record<string, string> = {
  curl: 'Изгиб',
  thickness: 'Толщина',
  length: 'Длина',
  colour: 'Цвет',
};
const words = (code: string, value: string) =>
  code === 'curl' || code === 'colour' ? value : `${value.replace('.', ',')} мм`;

let nextId = 1;
function offer(values: Record<string, string>, stock = 10, price = 89000): ProductPageOffer {
  return {
    id: nextId++,
    article: `LB-${Object.values(values).join('-')}`,
    attributes: Object.entries(values).map(([code, value]) => ({
      code,
      title: TITLES[code]!,
      value,
      valueTitle: words(code, value),
    })),
    basePrice: price,
    salePrice: price,
    benefitPercent: 0,
    stock,
    inStock: stock > 0,
    active: true,
  };
}
const option = (code: string, values: string[]): ProductOption => ({
  code,
  title: TITLES[code]!,
  values: values.map((v) => ({ code: v, title: words(code, v), hex: null, hint: null })),
});
const lash = (curl: string, thickness: string, length: string, stock = 10) =>
  offer({ curl, thickness, length, colour: 'чёрный' }, stock);

// D before C in the offers' order, the directory says C first; D 0.10 has no 12 mm; C 0.07 11 mm is sold out.
const offers = [
  lash('D', '0.10', '10'),
  lash('D', '0.10', '11'),
  lash('C', '0.07', '10'),
  lash('C', '0.07', '11', 0),
  lash('C', '0.07', '12', 3),
  lash('C', '0.10', '10'),
  lash('C', '0.10', '11'),
  lash('C', '0.10', '12'),
];
const options = [
  option('curl', ['C', 'D']),
  option('thickness', ['0.07', '0.10']),
  option('length', ['10', '11', '12']),
  option('colour', ['чёрный']),
];
const ids = (list: (ProductPageOffer | null)[]) => list.map((o) => o?.id ?? null);

describe('the grid of lengths', () => {
  it('makes rows of curl and thickness and columns of lengths, in the directory’s order', () => {
    const grid = lashGrid(options, offers)!;
    expect(grid.lengths.map((l) => l.title)).toEqual(['10 мм', '11 мм', '12 мм']);
    expect(grid.rows.map((r) => r.label)).toEqual(['C 0,07 мм', 'C 0,10 мм', 'D 0,10 мм']);
    // The colour every variant shares is not part of a row's name; a length the row lacks is an empty cell.
    expect(ids(grid.rows[2]!.cells)).toEqual([offers[0]!.id, offers[1]!.id, null]);
    expect(cellName(grid, grid.rows[0]!, 2)).toBe('C 0,07 мм, 12 мм');
  });

  it('is only for lash kinds in several lengths', () => {
    const glue = [offer({ volume: '5ml' }), offer({ volume: '10ml' })];
    expect(lashGrid([option('colour', ['a'])], glue)).toBeNull();
    expect(lashGrid([option('curl', ['C']), option('length', ['10'])], [lash('C', '0.07', '10')])).toBeNull();
    // One curl and thickness in four lengths: one row, named by them.
    const single = ['9', '10', '11', '12'].map((l) => lash('C', '0.10', l));
    const grid = lashGrid(
      [option('curl', ['C']), option('thickness', ['0.10']), option('length', ['9', '10', '11', '12'])],
      single,
    )!;
    expect(grid.rows.map((r) => r.label)).toEqual(['C 0,10 мм']);
    expect(ids(grid.rows[0]!.cells)).toEqual(single.map((o) => o.id));
  });

  it('takes whole quantities within stock, in the grid’s order, and says what is wrong in Russian', () => {
    const grid = lashGrid(options, offers)!;
    const [d10, , c10, , c12, x10, x11] = offers;
    expect(checkGrid(grid, { [x11!.id]: ' 2 ', [c10!.id]: '1', [d10!.id]: '0', [x10!.id]: '' })).toEqual({
      lines: [
        { offerId: c10!.id, quantity: 1 },
        { offerId: x11!.id, quantity: 2 },
      ],
      problems: new Map(),
    });
    const wrong = checkGrid(grid, { [c12!.id]: '4', [c10!.id]: '-2', [x10!.id]: '1,5', [x11!.id]: '10000' });
    expect(wrong.problems).toEqual(
      new Map([
        [c10!.id, 'C 0,07 мм, 10 мм: количество не может быть меньше нуля'],
        [c12!.id, 'C 0,07 мм, 12 мм: в наличии только 3 шт.'],
        [x10!.id, 'C 0,10 мм, 10 мм: количество — целое число'],
        [x11!.id, 'C 0,10 мм, 11 мм: не больше 9999 шт.'],
      ]),
    );
    expect(checkGrid(grid, {}).problems).toEqual(
      new Map([[null, 'Укажите количество хотя бы одного варианта']]),
    );
  });
});

describe('the sizes nearest to a sold-out one', () => {
  it('offers the nearest lengths of the same curl and thickness first, then the nearest thickness', () => {
    const stock = [
      ...['7', '8', '9', '10', '12', '13', '14'].map((l) => lash('C', '0.10', l)),
      lash('C', '0.10', '11', 0),
      lash('C', '0.12', '11'),
      lash('C', '0.05', '11'),
      lash('C', '0.07', '11'),
      lash('D', '0.10', '11'),
    ];
    const opts = [
      option('curl', ['C', 'D']),
      option('thickness', ['0.05', '0.07', '0.10', '0.12']),
      option('length', ['7', '8', '9', '10', '11', '12', '13', '14']),
    ];
    const soldOut = stock.find((o) => !o.inStock)!;
    const near = nearestSizes(opts, stock, soldOut);
    expect(near.map((n) => n.label)).toEqual(['10 мм', '12 мм', '9 мм', 'Толщина 0,12 мм']);
    expect(near.every((n) => n.offer.inStock)).toBe(true);
    // In stock: nothing to offer instead.
    expect(nearestSizes(opts, stock, stock[0]!)).toEqual([]);
  });

  it('reaches another curl when no length or thickness of this one is in stock', () => {
    const soldOut = lash('D', '0.10', '12', 0);
    const near = nearestSizes(options, [...offers, soldOut], soldOut);
    // D 0,10 in 10 and 11 мм are in stock: the lengths come first.
    expect(near.map((n) => n.label)).toEqual(['11 мм', '10 мм', 'Изгиб C']);
  });
});
