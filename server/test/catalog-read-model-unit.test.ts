// The read model's pieces that need no database: how an offer's characteristics become keys (as PostgreSQL's
// `->>` reads them, which the SQL filters compare with), and the bit sets' arithmetic.
import { describe, expect, it } from 'vitest';
import { attributeKeys } from '../src/domains/catalog/read-model/load';
import { Bitset } from '../src/domains/catalog/read-model/bitset';

describe('attributeKeys', () => {
  it('reads strings as they are, numbers and booleans as their text, and skips JSON nulls', () => {
    expect(attributeKeys({ curl: 'D', thickness: 0.1, length: 12, glossy: true, colour: null })).toEqual([
      'curl=D',
      'thickness=0.1',
      'length=12',
      'glossy=true',
    ]);
  });
  it('has no keys for anything but an object', () => {
    for (const value of [null, undefined, 'D', 7, ['curl', 'D']]) expect(attributeKeys(value)).toEqual([]);
  });
  it('keeps an equals sign inside a value', () => {
    expect(attributeKeys({ note: 'a=b' })).toEqual(['note=a=b']);
  });
});

describe('Bitset', () => {
  it('intersects, unites and counts across words, and lists its members in order', () => {
    const a = Bitset.of(200, [0, 31, 32, 63, 64, 150, 199]);
    const b = Bitset.of(100, [31, 64, 99]);
    expect(a.count()).toBe(7);
    expect(a.countAnd(b)).toBe(2);
    expect(a.intersects(b)).toBe(true);
    const both = a.clone().and(b);
    const members: number[] = [];
    both.forEach((slot) => members.push(slot));
    expect(members).toEqual([31, 64]);
    const all: number[] = [];
    a.clone()
      .or(b)
      .forEach((slot) => all.push(slot));
    expect(all).toEqual([0, 31, 32, 63, 64, 99, 150, 199]);
    a.delete(31);
    expect(a.has(31)).toBe(false);
    expect(a.filter((s) => s > 100).count()).toBe(2);
  });
});
