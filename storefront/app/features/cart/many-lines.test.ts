// @vitest-environment node
// The grid's form as the cart's action reads it (intent add-many): the quantity fields with pieces in them,
// in the form's order; a field that is not a whole number from 0 refuses the form, naming its variant.
import { describe, expect, it } from 'vitest';
import { addedManyMessage, chosenText, linesOfForm, pieces, quantityField } from './many-lines';

const form = (fields: [string, string][]) => {
  const data = new FormData();
  for (const [name, value] of fields) data.append(name, value);
  return data;
};

describe('the grid’s form', () => {
  it('reads each variant’s field, leaving out the empty and zero ones', () => {
    expect(quantityField(42)).toBe('qty.42');
    expect(
      linesOfForm(
        form([
          ['intent', 'add-many'],
          ['qty.12', '3'],
          ['qty.10', ''],
          ['qty.11', ' 0 '],
          ['qty.9', '1'],
          ['offerId', '5'],
        ]),
      ),
    ).toEqual({
      lines: [
        { offerId: 12, quantity: 3 },
        { offerId: 9, quantity: 1 },
      ],
    });
  });

  it('refuses a field that is not a whole number from 0, and a form with nothing in it', () => {
    expect(linesOfForm(form([['qty.7', '-2']]))).toEqual({
      message: 'Количество не может быть меньше нуля',
      offerId: 7,
    });
    expect(linesOfForm(form([['qty.7', '1.5']]))).toMatchObject({ offerId: 7 });
    expect(linesOfForm(form([['qty.7', 'два']]))).toMatchObject({ offerId: 7 });
    expect(linesOfForm(form([['qty.7', '10000']]))).toEqual({
      message: 'Не больше 9999 шт. одного варианта',
      offerId: 7,
    });
    expect(linesOfForm(form([['qty.7', '0']]))).toEqual({
      message: 'Укажите количество хотя бы одного варианта',
      offerId: null,
    });
    expect(pieces('−0')).toBe(0);
  });

  it('says what went in with the right plurals', () => {
    expect(addedManyMessage('Ресницы Velora Silk', 9, 13)).toBe(
      'Добавлено в корзину: Ресницы Velora Silk — 9 вариантов, 13 шт.',
    );
    expect(chosenText(1, 2)).toBe('1 вариант, 2 шт.');
    expect(chosenText(3, 3)).toBe('3 варианта, 3 шт.');
    expect(chosenText(0, 0)).toBe('Пока ничего не выбрано');
  });
});
