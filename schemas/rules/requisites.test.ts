import { describe, expect, it } from 'vitest';
import { isValidAccount, isValidBik, isValidInn, isValidKpp, isValidOgrn } from './requisites';

describe('requisites', () => {
  it('accepts the real numbers of a bank and a sole trader', () => {
    expect(isValidInn('7707083893')).toBe(true); // ПАО Сбербанк
    expect(isValidInn('500100732259')).toBe(true);
    expect(isValidOgrn('1027700132195')).toBe(true); // ПАО Сбербанк
    expect(isValidOgrn('304500116000157')).toBe(true);
    expect(isValidKpp('773601001')).toBe(true);
    expect(isValidBik('044525225')).toBe(true);
    expect(isValidAccount('044525225', '40702810438000060473')).toBe(true);
  });

  it('refuses a changed digit, a wrong length and letters', () => {
    expect(isValidInn('7707083894')).toBe(false);
    expect(isValidInn('500100732258')).toBe(false);
    expect(isValidInn('77070838')).toBe(false);
    expect(isValidInn('77070838ab')).toBe(false);
    expect(isValidOgrn('1027700132196')).toBe(false);
    expect(isValidOgrn('304500116000158')).toBe(false);
    expect(isValidKpp('77360100')).toBe(false);
    expect(isValidBik('144525225')).toBe(false);
    expect(isValidAccount('044525225', '40702810938000060473')).toBe(false);
    expect(isValidAccount('044525225', '4070281093800006047')).toBe(false);
  });
});
