import { describe, expect, it } from 'vitest';
import { formatBadgeCount, formatDiscount, formatPhone, formatMoney, plural } from './format';

const NNBSP = '\u202f'; // narrow no-break space: thousands
const NBSP = '\u00a0'; // no-break space: before ₽ and %

describe('formatMoney', () => {
  it('writes whole roubles without kopecks, grouped the Russian way', () => {
    expect(formatMoney(129000)).toBe(`1${NNBSP}290${NBSP}₽`);
    expect(formatMoney(123456700)).toBe(`1${NNBSP}234${NNBSP}567${NBSP}₽`);
  });

  it('shows the kopecks whenever there are any: the amount read is the amount charged', () => {
    expect(formatMoney(99000)).toBe(`990${NBSP}₽`);
    expect(formatMoney(129050)).toBe(`1${NNBSP}290,50${NBSP}₽`);
    expect(formatMoney(297540)).toBe(`2${NNBSP}975,40${NBSP}₽`);
    expect(formatMoney(5)).toBe(`0,05${NBSP}₽`);
    expect(formatMoney(0)).toBe(`0${NBSP}₽`);
    expect(formatMoney(-33060)).toBe(`\u2212330,60${NBSP}₽`);
  });
});

describe('formatDiscount', () => {
  it('writes a real minus sign and keeps % on the same line', () => {
    expect(formatDiscount(15)).toBe(`\u221215${NBSP}%`);
  });
});

describe('formatBadgeCount', () => {
  it('caps the counter at 99', () => {
    expect(formatBadgeCount(7)).toBe('7');
    expect(formatBadgeCount(99)).toBe('99');
    expect(formatBadgeCount(100)).toBe('99+');
  });
});

describe('plural', () => {
  const goods = ['товар', 'товара', 'товаров'] as const;
  it('follows Russian plural rules', () => {
    expect([1, 2, 5, 11, 21, 24, 112].map((n) => `${n} ${plural(n, goods)}`)).toEqual([
      '1 товар',
      '2 товара',
      '5 товаров',
      '11 товаров',
      '21 товар',
      '24 товара',
      '112 товаров',
    ]);
  });
});

describe('formatPhone', () => {
  it('writes an 11-digit Russian number the usual way', () => {
    expect(formatPhone('+78005553535')).toBe('+7 (800) 555-35-35');
    expect(formatPhone('8 800 555 35 35')).toBe('+7 (800) 555-35-35');
    expect(formatPhone('+7 (495) 123-45-67')).toBe('+7 (495) 123-45-67');
  });

  it('leaves anything else as written', () => {
    expect(formatPhone(' +375 29 123 45 67 ')).toBe('+375 29 123 45 67');
  });
});
