// What «Мои товары» sends to the cart: the ticked rows, or every row on sale, each once, with its quantity.
import { describe, expect, it } from 'vitest';
import { quantityField, toCartLines } from './my-products';

function form(entries: [string, string][]) {
  const f = new FormData();
  for (const [k, v] of entries) f.append(k, v);
  return f;
}
const lines = (f: FormData) => toCartLines(f, (id) => f.get(quantityField(id)));

describe('toCartLines', () => {
  it('takes the ticked rows with their quantities', () => {
    const f = form([
      ['intent', 'chosen'],
      ['available', '7'],
      ['available', '9'],
      ['offer', '9'],
      [quantityField(7), '3'],
      [quantityField(9), '12'],
    ]);
    expect(lines(f)).toEqual([{ offerId: 9, quantity: 12 }]);
  });

  it('takes every row on sale for «Всё в корзину», each once', () => {
    const f = form([
      ['intent', 'all'],
      ['available', '7'],
      ['available', '9'],
      ['available', '7'],
      [quantityField(7), '2'],
    ]);
    expect(lines(f)).toEqual([
      { offerId: 7, quantity: 2 },
      { offerId: 9, quantity: 1 },
    ]);
  });

  it('reads a bad quantity as one piece and ignores ids that are not numbers', () => {
    const f = form([
      ['offer', '5'],
      ['offer', 'abc'],
      ['offer', '6'],
      [quantityField(5), '0'],
      [quantityField(6), '2.5'],
    ]);
    expect(lines(f)).toEqual([
      { offerId: 5, quantity: 1 },
      { offerId: 6, quantity: 1 },
    ]);
  });
});
