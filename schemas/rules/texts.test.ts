// The shop's text rules shared by the storefront, the admin and the server: Russian plurals and names in
// quotes.
import { describe, expect, it } from 'vitest';
import { countOf, plural } from './plural';
import { quoted } from './quotes';

const GOODS = ['товар', 'товара', 'товаров'] as const;

describe('plural', () => {
  it('picks the form Russian needs for each number', () => {
    expect([0, 1, 2, 4, 5, 11, 14, 21, 22, 25, 101, 111].map((n) => plural(n, GOODS))).toEqual([
      'товаров',
      'товар',
      'товара',
      'товара',
      'товаров',
      'товаров',
      'товаров',
      'товар',
      'товара',
      'товаров',
      'товар',
      'товаров',
    ]);
  });

  it('writes the number grouped with its word', () => {
    expect(countOf(1290, GOODS)).toBe('1\u00a0290 товаров');
    expect(countOf(3, ['балл', 'балла', 'баллов'])).toBe('3 балла');
  });
});

describe('quoted', () => {
  it('puts a name in «ёлочки»', () => {
    expect(quoted('Клей Sky S+')).toBe('«Клей Sky S+»');
  });

  it('turns the name’s own quotes into „лапки“ instead of nesting «…«…»»', () => {
    expect(quoted('Студия ресниц «Взгляд»')).toBe('«Студия ресниц „Взгляд“»');
    expect(quoted('ООО "Ромашка"')).toBe('«ООО „Ромашка“»');
    expect(quoted('  Ресницы «Черные» и «Коричневые» ')).toBe('«Ресницы „Черные“ и „Коричневые“»');
  });
});
