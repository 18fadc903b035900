import { describe, expect, it } from 'vitest';
import { countSms } from './sms';

describe('countSms', () => {
  it('counts Latin texts in 160 characters, then 153 per part', () => {
    expect(countSms('')).toEqual({ length: 0, segments: 0, perSegment: 160, unicode: false });
    expect(countSms('a'.repeat(160))).toMatchObject({ length: 160, segments: 1, perSegment: 160 });
    expect(countSms('a'.repeat(161))).toMatchObject({ segments: 2, perSegment: 153 });
    expect(countSms('a'.repeat(306))).toMatchObject({ segments: 2 });
    expect(countSms('a'.repeat(307))).toMatchObject({ segments: 3 });
  });

  it('counts any Cyrillic text in 70 characters, then 67 per part', () => {
    expect(countSms('Я'.repeat(70))).toMatchObject({
      length: 70,
      segments: 1,
      perSegment: 70,
      unicode: true,
    });
    expect(countSms('Я'.repeat(71))).toMatchObject({ segments: 2, perSegment: 67 });
    expect(countSms(`${'a'.repeat(134)}Я`)).toMatchObject({ length: 135, segments: 3, unicode: true });
  });

  it('counts GSM extension characters twice and an emoji as two UCS-2 characters', () => {
    expect(countSms('€'.repeat(80))).toMatchObject({ length: 160, segments: 1, unicode: false });
    expect(countSms('€'.repeat(81))).toMatchObject({ length: 162, segments: 2 });
    expect(countSms('😀')).toMatchObject({ length: 2, segments: 1, unicode: true });
  });
});
