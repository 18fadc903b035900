import type { ProductOption, ProductPageOffer } from '@shop/schemas';
import { describe, expect, it } from 'vitest';
import {
  choose,
  chooserChips,
  choosePrompt,
  findOffer,
  initialSelection,
  notChosen,
  offersMatching,
  variantLabel,
  type Selection,
} from './variants';

const TITLES: Record<string, string> = { curl: 'Изгиб', thickness: 'Толщина', length: 'Длина' };

let nextId = 1;
function offer(curl: string, thickness: string, length: string, stock = 10): ProductPageOffer {
  const values = { curl, thickness, length };
  return {
    id: nextId++,
    article: `LB1-${curl}-${thickness.replace('.', '')}-${length}`,
    attributes: Object.entries(values).map(([code, value]) => ({
      code,
      title: TITLES[code]!,
      value,
      valueTitle: code === 'curl' ? value : `${value.replace('.', ',')} мм`,
    })),
    basePrice: 99000,
    salePrice: 99000,
    benefitPercent: 0,
    stock,
    inStock: stock > 0,
    active: true,
  };
}

const option = (code: string, values: string[]): ProductOption => ({
  code,
  title: TITLES[code]!,
  values: values.map((v) => ({ code: v, title: v, hex: null, hint: null })),
});

// C and D over 0.07 and 0.10, lengths 10–12; D 0.10 has no 12 mm; C 0.07 11 mm is sold out; D 0.07 is sold out.
const offers = [
  offer('C', '0.07', '10'),
  offer('C', '0.07', '11', 0),
  offer('C', '0.07', '12'),
  offer('C', '0.10', '10'),
  offer('C', '0.10', '11'),
  offer('C', '0.10', '12'),
  offer('D', '0.07', '10', 0),
  offer('D', '0.07', '11', 0),
  offer('D', '0.07', '12', 0),
  offer('D', '0.10', '10'),
  offer('D', '0.10', '11'),
];
const options = [
  option('curl', ['C', 'D']),
  option('thickness', ['0.07', '0.10']),
  option('length', ['10', '11', '12']),
];

const states = (selection: Selection, code: string) =>
  Object.fromEntries(
    chooserChips(options, offers, selection)
      .find((g) => g.option.code === code)!
      .chips.map((c) => [c.code, c.state]),
  );

describe('variant chooser', () => {
  it('chooses nothing for the visitor: only the offer a link named, the only offer, or what all share', () => {
    expect(initialSelection(options, offers)).toEqual({});
    expect(initialSelection(options, offers, 99999)).toEqual({});
    expect(initialSelection(options, offers, offers[9]!.id)).toEqual({
      curl: 'D',
      thickness: '0.10',
      length: '10',
    });
    const one = [offer('C', '0.07', '10')];
    expect(initialSelection(options, one)).toEqual({ curl: 'C', thickness: '0.07', length: '10' });
    // Every variant is C 0.07: only the length is the visitor's to choose.
    const lengths = [offer('C', '0.07', '10'), offer('C', '0.07', '11'), offer('C', '0.07', '12')];
    expect(initialSelection(options, lengths)).toEqual({ curl: 'C', thickness: '0.07' });
    // Sold out altogether: the first, so that «Сообщить о поступлении» has a variant to name.
    const allSoldOut = [offer('B', '0.05', '8', 0), offer('B', '0.05', '9', 0)];
    expect(initialSelection(options, allSoldOut)).toEqual({ curl: 'B', thickness: '0.05', length: '8' });
    expect(initialSelection(options, [])).toEqual({});
  });

  it('says which characteristics are still to choose, as the object of «Выберите»', () => {
    expect(choosePrompt(['Изгиб', 'Толщина', 'Длина'])).toBe('Выберите изгиб, толщину и длину');
    expect(choosePrompt(['Толщина', 'Длина'])).toBe('Выберите толщину и длину');
    expect(choosePrompt(['Цвет'])).toBe('Выберите цвет');
    expect(choosePrompt(['Количество в упаковке', 'Объём'])).toBe('Выберите количество в упаковке и объём');
    expect(choosePrompt(['SPF'])).toBe('Выберите SPF');
  });

  it('says «не выбран» in the gender of the characteristic', () => {
    expect(['Изгиб', 'Толщина', 'Длина', 'Количество в упаковке', 'Объём'].map(notChosen)).toEqual([
      'не выбран',
      'не выбрана',
      'не выбрана',
      'не выбрано',
      'не выбран',
    ]);
  });

  it('narrows the offers to those with every value chosen so far', () => {
    expect(offersMatching(offers, {})).toHaveLength(offers.length);
    expect(offersMatching(offers, { curl: 'D', thickness: '0.10' }).map((o) => o.article)).toEqual([
      'LB1-D-010-10',
      'LB1-D-010-11',
    ]);
  });

  it('fills nothing below a choice but the only value possible', () => {
    // Nothing chosen, then D: thickness and length are still the visitor's.
    expect(choose(options, offers, {}, 'curl', 'D')).toEqual({ curl: 'D' });
    // C then 0.10 chosen, then 12 mm: all three now chosen by the visitor.
    expect(choose(options, offers, { curl: 'C', thickness: '0.10' }, 'length', '12')).toEqual({
      curl: 'C',
      thickness: '0.10',
      length: '12',
    });
  });

  it('shows every value, disabling what is sold out or does not exist under the choices above', () => {
    const selection = { curl: 'C', thickness: '0.07', length: '10' };
    expect(states(selection, 'curl')).toEqual({ C: 'available', D: 'available' });
    expect(states(selection, 'length')).toEqual({ '10': 'available', '11': 'soldout', '12': 'available' });
    const d = { curl: 'D', thickness: '0.10', length: '10' };
    expect(states(d, 'thickness')).toEqual({ '0.07': 'soldout', '0.10': 'available' });
    expect(states(d, 'length')).toEqual({ '10': 'available', '11': 'available', '12': 'missing' });
    const chips = chooserChips(options, offers, d);
    expect(chips.map((g) => g.chips.filter((c) => c.selected).map((c) => c.code))).toEqual([
      ['D'],
      ['0.10'],
      ['10'],
    ]);
  });

  it('keeps the values below while that variant exists, even sold out', () => {
    // C 0.07 10 → D: D 0.07 10 exists (sold out), so it stays and shows as sold out.
    expect(choose(options, offers, { curl: 'C', thickness: '0.07', length: '10' }, 'curl', 'D')).toEqual({
      curl: 'D',
      thickness: '0.07',
      length: '10',
    });
    // C 0.10 11 → 0.07: C 0.07 11 exists, sold out: kept.
    expect(
      choose(options, offers, { curl: 'C', thickness: '0.10', length: '11' }, 'thickness', '0.07'),
    ).toEqual({
      curl: 'C',
      thickness: '0.07',
      length: '11',
    });
  });

  it('drops a value below that does not exist under the new choice, and takes a value that has no other', () => {
    // C 0.10 12 → D: D 0.10 has no 12 mm; 10 and 11 are there: the length is to choose again.
    expect(choose(options, offers, { curl: 'C', thickness: '0.10', length: '12' }, 'curl', 'D')).toEqual({
      curl: 'D',
      thickness: '0.10',
    });
    // D has only 0.10: it is taken; its 11 and 12 mm do not include the 10 chosen: to choose again.
    const soldOut = [offer('C', '0.07', '10'), offer('D', '0.10', '11', 0), offer('D', '0.10', '12', 0)];
    expect(choose(options, soldOut, { curl: 'C', thickness: '0.07', length: '10' }, 'curl', 'D')).toEqual({
      curl: 'D',
      thickness: '0.10',
    });
  });

  it('ignores an unknown option and forgets nothing above the changed one', () => {
    const selection = { curl: 'C', thickness: '0.10', length: '11' };
    expect(choose(options, offers, selection, 'colour', 'black')).toBe(selection);
    expect(choose(options, offers, selection, 'length', '12')).toEqual({
      curl: 'C',
      thickness: '0.10',
      length: '12',
    });
  });

  it('finds the offer of a full selection, and the only offer of a product without characteristics', () => {
    const found = findOffer(options, offers, { curl: 'D', thickness: '0.10', length: '11' });
    expect(found?.article).toBe('LB1-D-010-11');
    expect(findOffer(options, offers, { curl: 'D', thickness: '0.10', length: '12' })).toBeUndefined();
    const single = { ...offer('C', '0.07', '10'), attributes: [] };
    expect(findOffer([], [single], {})).toBe(single);
  });

  it('writes the variant as the trade does', () => {
    expect(variantLabel(offers[0]!)).toBe('C 0,07 мм 10 мм');
  });
});
