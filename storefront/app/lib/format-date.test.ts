import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './format';

describe('formatDate', () => {
  it('writes the day, the month in the genitive and the year, without "г."', () => {
    expect(formatDate('2026-11-22T09:00:00Z')).toBe('22 ноября 2026');
    expect(formatDate(new Date('2026-03-01T12:00:00Z'))).toBe('1 марта 2026');
  });

  it('counts days in Moscow time, whatever the machine’s zone', () => {
    // 22:30 UTC on 31 December is already 1 January in Moscow.
    expect(formatDate('2026-12-31T22:30:00Z')).toBe('1 января 2027');
    // Summer too: Moscow keeps UTC+3 all year.
    expect(formatDate('2026-07-15T21:30:00Z')).toBe('16 июля 2026');
  });

  it('refuses what is not a date, as Intl did', () => {
    expect(() => formatDate('not a date')).toThrow(RangeError);
  });

  it('writes what Intl.DateTimeFormat writes for Moscow, on every day of a year', () => {
    const intl = new Intl.DateTimeFormat('ru-RU', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'Europe/Moscow',
    });
    for (let day = 0; day < 366; day++) {
      const date = new Date(Date.UTC(2026, 0, 1, 20, 59) + day * 86_400_000);
      expect(formatDate(date)).toBe(intl.format(date).replace(/ г\.$/, ''));
    }
  });
});

describe('formatDateTime', () => {
  it('adds the Moscow hour and minute to the date', () => {
    expect(formatDateTime('2026-11-22T09:05:00Z')).toBe('22 ноября 2026, 12:05');
    // Midnight in Moscow is 00, never 24.
    expect(formatDateTime('2026-12-31T21:00:00Z')).toBe('1 января 2027, 00:00');
    expect(formatDateTime('2026-06-01T06:07:00Z')).toBe('1 июня 2026, 09:07');
  });
});
