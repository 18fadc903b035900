// What the coupon series form sends: it refuses in Russian what the server would refuse, before the first
// request.
import { describe, expect, it } from 'vitest';
import { validateSeries } from './generate';

describe('coupon series form', () => {
  const valid = { count: 1200, batch: 'Весна', type: 'percent' as const, value: 10 };

  it('accepts a valid series', () => {
    expect(validateSeries(valid)).toEqual({});
  });

  it.each([
    [{ value: 101 }, 'value', 'Процент скидки — целое число от 1 до 100'],
    [{ count: 0 }, 'count', 'Количество — от 1 до 10 000'],
    [{ count: 10_001 }, 'count', 'Количество — от 1 до 10 000'],
    [{ batch: '  ' }, 'batch', 'Укажите название серии'],
    [{ type: 'fixed' as const, value: 0 }, 'value', 'Укажите сумму скидки больше нуля'],
    [
      { startsAt: '2026-03-01T00:00:00Z', endsAt: '2026-02-01T00:00:00Z' },
      'endsAt',
      'Дата окончания должна быть позже даты начала',
    ],
  ])('refuses %j', (change, field, message) => {
    expect(validateSeries({ ...valid, ...change })).toEqual({ [field]: message });
  });
});
