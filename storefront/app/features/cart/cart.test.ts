// @vitest-environment node
// The cart's words and cookies: a line's characteristics as the trade writes them, the guest's cart token
// cookie (HttpOnly, 30 days, SameSite=Lax, path /) and productCard (the count, one day).
import type { AppLoadContext } from 'react-router';
import { describe, expect, it } from 'vitest';
import { formatAttributes, productPath } from './cart';
import { removedText } from './repeat-notice';
import { cartCountCookie, cartHeaders, cartTokenCookie, countCookieIsCurrent } from './cart.server';
import { readCountCookie } from './count-cookie';

describe('formatAttributes', () => {
  it('writes lash characteristics as "D 0,07 11 мм" and the others after a comma', () => {
    expect(formatAttributes({ length: '11', curl: 'D', thickness: '0.07', colour: 'black' })).toBe(
      'D 0,07 11\u00a0мм, чёрный',
    );
    expect(formatAttributes({ curl: 'Lplus', thickness: '0.1', length: '9-14' })).toBe('L+ 0,1 9-14\u00a0мм');
    expect(formatAttributes({ volume: '15ml' })).toBe('15\u00a0мл');
    expect(formatAttributes({ pack: '20pcs' })).toBe('20\u00a0шт.');
    expect(formatAttributes({ pack: '50pairs' })).toBe('50\u00a0пар');
    expect(formatAttributes({ brush: 'soft' })).toBe('soft');
    expect(formatAttributes({})).toBe('');
  });

  it('says a removal in words that agree with any title', () => {
    expect(removedText('Ресницы Lash Line чёрные')).toBe('Удалено из корзины: «Ресницы Lash Line чёрные».');
    expect(removedText('Клей «Sky»')).toBe('Удалено из корзины: «Клей „Sky“».');
    expect(removedText(null)).toBe('Товар удалён из корзины.');
  });

  it('links a product by its slug', () => {
    expect(productPath('klej ultra')).toBe('/product/klej%20ultra');
  });
});

describe('cart cookies', () => {
  it('keeps the token HttpOnly for 30 days and the count for one day', () => {
    expect(cartTokenCookie('abc_DEF-123', false)).toBe(
      'cartToken=abc_DEF-123; Max-Age=2592000; Path=/; HttpOnly; SameSite=Lax',
    );
    expect(cartTokenCookie('t', true)).toMatch(/; Secure$/);
    const count = cartCountCookie(7, false);
    expect(count).toMatch(/^productCard=7; Expires=/);
    const expires = new Date(/Expires=([^;]+)/.exec(count)![1]!).getTime();
    expect(Math.abs(expires - Date.now() - 86_400_000)).toBeLessThan(5_000);
  });

  it('sets a new token once and the count only when the cookie says another', () => {
    const context: AppLoadContext = { apiBaseURL: '', requestCookie: 'productCard=3' };
    const request = new Request('http://shop.test/cart');
    const same = cartHeaders({ count: 3, cartToken: null }, context, request);
    expect(same.getSetCookie()).toEqual([]);
    const made = cartHeaders({ count: 4, cartToken: 'new-token-xyz' }, context, request);
    expect(made.getSetCookie()).toEqual([
      expect.stringMatching(/^cartToken=new-token-xyz;/),
      expect.stringMatching(/^productCard=4;/),
    ]);
  });

  it('gives a guest with a cart token the count even when it is 0, and nobody else a 0', () => {
    const context = (requestCookie?: string): AppLoadContext => ({ apiBaseURL: '', requestCookie });
    expect(countCookieIsCurrent(context(), 0)).toBe(true);
    expect(countCookieIsCurrent(context('_ym_uid=1'), 0)).toBe(true);
    expect(countCookieIsCurrent(context('cartToken=t'), 0)).toBe(false);
    expect(countCookieIsCurrent(context('cartToken=t; productCard=0'), 0)).toBe(true);
    expect(countCookieIsCurrent(context('cartToken=t; productCard=2'), 3)).toBe(false);
  });
});

describe('the count cookie in the browser', () => {
  it('reads a whole count and nothing else', () => {
    expect(readCountCookie('a=1; productCard=12')).toBe(12);
    expect(readCountCookie('productCard=0')).toBe(0);
    expect(readCountCookie('')).toBeNull();
    expect(readCountCookie('productCard=-1')).toBeNull();
    expect(readCountCookie('productCard=3x')).toBeNull();
  });
});
