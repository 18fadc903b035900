import { describe, expect, it } from 'vitest';
import { readCookie } from './cookies';

describe('readCookie', () => {
  it('finds a cookie by its exact name and decodes it', () => {
    const header = 'productCard=3; auth.token=abc%20def; auth.token.old=x';
    expect(readCookie(header, 'auth.token')).toBe('abc def');
    expect(readCookie(header, 'productCard')).toBe('3');
  });

  it('answers undefined when the cookie or the header is missing', () => {
    expect(readCookie('a=1', 'auth.token')).toBeUndefined();
    expect(readCookie(undefined, 'auth.token')).toBeUndefined();
  });

  it('keeps a malformed value as sent instead of failing', () => {
    expect(readCookie('auth.token=%E0%A4%A', 'auth.token')).toBe('%E0%A4%A');
  });
});
