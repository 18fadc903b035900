import { describe, expect, it } from 'vitest';
import { formatKopecks, formatRubles, parseMoney, sanitizeMoneyText } from '../src/fields/money';

describe('money: kopecks in the API, rubles with a comma on screen', () => {
  it('formats kopecks for editing', () => {
    expect(formatKopecks(129050)).toBe('1 290,50');
    expect(formatKopecks(129050, { grouped: false })).toBe('1290,50');
    expect(formatKopecks(7)).toBe('0,07');
    expect(formatKopecks(100000000)).toBe('1 000 000,00');
    expect(formatKopecks(-2550)).toBe('-25,50');
    expect(formatKopecks(null)).toBe('');
  });

  it('parses typed rubles into kopecks without floating-point drift', () => {
    expect(parseMoney('1 290,50')).toBe(129050);
    expect(parseMoney('1290,5')).toBe(129050);
    expect(parseMoney('1290.5')).toBe(129050);
    expect(parseMoney('1\u00a0290,50 ₽')).toBe(129050);
    expect(parseMoney('0,07')).toBe(7);
    expect(parseMoney(',5')).toBe(50);
    expect(parseMoney('1290,')).toBe(129000);
    expect(parseMoney('4,35')).toBe(435); // 4.35 * 100 is 434.99999999999994 in floating point
    expect(parseMoney('-25,5')).toBe(-2550);
    expect(parseMoney('')).toBeNull();
    expect(parseMoney('abc')).toBeNaN();
  });

  it('round-trips', () => {
    for (const k of [0, 1, 99, 100, 129050, 123456789]) expect(parseMoney(formatKopecks(k))).toBe(k);
  });

  it('masks the text while typing: digits, one comma, two decimals', () => {
    expect(sanitizeMoneyText('12a3.456')).toBe('123,45');
    expect(sanitizeMoneyText('1 290,5,0')).toBe('1 290,50');
    expect(sanitizeMoneyText('1\u00a0290  ,5 0')).toBe('1 290,50');
    expect(sanitizeMoneyText(' 5')).toBe('5');
    expect(sanitizeMoneyText('-5')).toBe('-5');
    expect(sanitizeMoneyText('руб')).toBe('');
  });

  it('shows prices the Russian way', () => {
    expect(formatRubles(129050).replace(/\s/g, ' ')).toBe('1 290,50 ₽');
  });
});
