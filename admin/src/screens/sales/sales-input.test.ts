// What the sales screens send: the settings PUT body never carries an untouched secret, and the coupon
// series form refuses in Russian what the server would refuse, before the first request.
import { describe, expect, it } from 'vitest';
import { validateSeries } from './coupons/generate';
import { toSettingsInput } from './settings/SettingsScreen';

describe('settings input', () => {
  const record = {
    id: 1,
    shopName: 'Ресницы',
    smtpHost: 'smtp.example.ru',
    updatedAt: '2026-11-24T06:00:00Z',
  };

  it('keeps a secret that was not typed: neither sent nor cleared', () => {
    expect(toSettingsInput({ ...record })).toEqual({ shopName: 'Ресницы', smtpHost: 'smtp.example.ru' });
    expect(toSettingsInput({ ...record, smtpPassword: '', smsApiKey: null })).toEqual({
      shopName: 'Ресницы',
      smtpHost: 'smtp.example.ru',
    });
  });

  it('sends a new secret, and null when the administrator asks to clear it', () => {
    expect(toSettingsInput({ ...record, smtpPassword: 'new-pass', smsApiKeyClear: true })).toEqual({
      shopName: 'Ресницы',
      smtpHost: 'smtp.example.ru',
      smtpPassword: 'new-pass',
      smsApiKey: null,
    });
    // Clearing wins over a value typed before the box was ticked.
    expect(
      toSettingsInput({ ...record, smtpPassword: 'typed', smtpPasswordClear: true }).smtpPassword,
    ).toBeNull();
  });
});

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
