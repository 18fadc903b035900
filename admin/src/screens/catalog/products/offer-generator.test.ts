import { describe, expect, it } from 'vitest';
import { articleOf, missingOffers } from './offer-generator';

const selection = [
  { directory: 'curl', codes: ['D', 'C'] },
  { directory: 'thickness', codes: ['0.07'] },
  { directory: 'length', codes: ['11', '12'] },
  { directory: 'colour', codes: [] },
];

describe('the offer generator', () => {
  it('builds articles from the prefix and the codes', () => {
    expect(articleOf('LB', ['D', '0.07', '11'])).toBe('LB-D-007-11');
    expect(articleOf('LB-', ['cc', '0.1'])).toBe('LB-CC-01');
    expect(articleOf('', ['D'])).toBe('D');
  });

  it('adds every missing combination of the chosen values, with the price and stock given', () => {
    const existing = [{ article: 'OLD-1', attributes: { curl: 'D', thickness: '0.07', length: '11' } }];
    const added = missingOffers(existing, { prefix: 'LB', selection, basePrice: 79000, stock: 5 });
    expect(added.map((o) => o.article)).toEqual(['LB-D-007-12', 'LB-C-007-11', 'LB-C-007-12']);
    expect(added[0]).toMatchObject({
      attributes: { curl: 'D', thickness: '0.07', length: '12' },
      basePrice: 79000,
      stock: 5,
      active: true,
    });
  });

  it('never repeats an article already in the product, and adds nothing with nothing chosen', () => {
    const existing = [{ article: 'LB-D-007-12', attributes: {} }];
    const added = missingOffers(existing, { prefix: 'LB', selection, basePrice: null, stock: 0 });
    expect(added.map((o) => o.article)).not.toContain('LB-D-007-12');
    expect(missingOffers([], { prefix: 'LB', selection: [], basePrice: null, stock: 0 })).toEqual([]);
  });
});
