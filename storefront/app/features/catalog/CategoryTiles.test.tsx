import { describe, expect, it } from 'vitest';
import { tileColumns } from './CategoryTiles';

describe('tileColumns', () => {
  it('puts up to the most a row in one row', () => {
    expect(tileColumns(7, 8)).toBe(7);
    expect(tileColumns(3, 4)).toBe(3);
    expect(tileColumns(0, 8)).toBe(1);
  });

  it('spreads more tiles so the last row is never one lonely tile', () => {
    expect(tileColumns(7, 4)).toBe(4); // 4 + 3
    expect(tileColumns(9, 8)).toBe(5); // 5 + 4
    expect(tileColumns(13, 6)).toBe(5); // 5 + 5 + 3
    for (let count = 2; count <= 40; count++) {
      for (const max of [4, 6, 8]) {
        const columns = tileColumns(count, max);
        expect(columns).toBeLessThanOrEqual(max);
        const avoidable = Array.from({ length: max - 1 }, (_, i) => i + 2).some((c) => count % c !== 1);
        if (avoidable) expect(count % columns, `${count} tiles, ${max} a row`).not.toBe(1);
      }
    }
  });
});
