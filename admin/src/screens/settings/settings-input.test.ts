// What the settings screen sends: the PUT body never carries an untouched secret.
import { describe, expect, it } from 'vitest';
import { toSettingsInput } from './SettingsScreen';

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
