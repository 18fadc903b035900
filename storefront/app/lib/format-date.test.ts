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
  });
});

describe('formatDateTime', () => {
  it('adds the Moscow hour and minute to the date', () => {
    expect(formatDateTime('2026-11-22T09:05:00Z')).toBe('22 ноября 2026, 12:05');
    // Midnight in Moscow is 00, never 24.
    expect(formatDateTime('2026-12-31T21:00:00Z')).toBe('1 января 2027, 00:00');
  });
});
