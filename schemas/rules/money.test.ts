import { describe, expect, it } from 'vitest';
import { formatMoney } from './money';

const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('formatMoney', () => {
  it('writes whole roubles bare and any kopecks in full, so the amount read is the amount charged', () => {
    expect(plain(formatMoney(297540))).toBe('2 975,40 ₽');
    expect(plain(formatMoney(33060))).toBe('330,60 ₽');
    expect(plain(formatMoney(129000))).toBe('1 290 ₽');
    expect(plain(formatMoney(123456700))).toBe('1 234 567 ₽');
    expect(plain(formatMoney(1))).toBe('0,01 ₽');
    expect(plain(formatMoney(0))).toBe('0 ₽');
    expect(plain(formatMoney(-50))).toBe('\u22120,50 ₽');
  });

  it('groups thousands by a narrow no-break space and keeps ₽ on the line by a no-break space', () => {
    expect(formatMoney(129050)).toBe('1\u202f290,50\u00a0₽');
  });
});
