// Money is an integer number of kopecks in the API; people read and type rubles with two decimals and a
// comma radix (spec §5 number mask): 129050 ⇄ "1 290,50".

import { formatMoney } from '@shop/schemas/rules/money';

/** Kopecks as a price for reading, by the shop's one money rule: 129050 → «1 290,50 ₽», 129000 → «1 290 ₽». */
export function formatRubles(kopecks: number): string {
  return formatMoney(kopecks);
}

/** Groups the integer part by thousands with plain spaces: "1290" → "1 290". */
function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
}

/**
 * Kopecks as editable text: 129050 → "1 290,50"; null/undefined → "".
 * `grouped: false` leaves out the thousands spaces.
 */
export function formatKopecks(kopecks: number | null | undefined, { grouped = true } = {}): string {
  if (kopecks === null || kopecks === undefined || !Number.isFinite(kopecks)) return '';
  const sign = kopecks < 0 ? '-' : '';
  const abs = Math.abs(Math.round(kopecks));
  const rubles = String(Math.floor(abs / 100));
  const cents = String(abs % 100).padStart(2, '0');
  return `${sign}${grouped ? groupThousands(rubles) : rubles},${cents}`;
}

/**
 * Keeps what the mask allows while typing: digits, an optional leading minus, one decimal comma
 * (a dot is taken as a comma), at most two decimals, and single spaces between the digits of rubles
 * (the text is not regrouped while typing, so the caret stays where it is).
 */
export function sanitizeMoneyText(text: string): string {
  const negative = /^\s*-/.test(text);
  let seenComma = false;
  let decimals = 0;
  let out = '';
  for (const ch of text.replace(/[\u00a0\u202f\t]/g, ' ')) {
    if (ch === ' ') {
      if (!seenComma && out !== '' && !out.endsWith(' ')) out += ' ';
    } else if (ch >= '0' && ch <= '9') {
      if (seenComma) {
        if (decimals === 2) continue;
        decimals += 1;
      }
      out += ch;
    } else if ((ch === ',' || ch === '.') && !seenComma) {
      seenComma = true;
      out = `${out.trimEnd()},`;
    }
  }
  return (negative ? '-' : '') + out;
}

/**
 * Rubles text → kopecks, computed on the digits (no floating point): "1 290,5" → 129050.
 * Empty text → null; text that is not an amount → NaN.
 */
export function parseMoney(text: string): number | null {
  const clean = text.replace(/[\s\u00a0\u202f₽]/g, '').replace('.', ',');
  if (clean === '' || clean === '-') return null;
  const match = /^(-?)(\d*)(?:,(\d{0,2}))?$/.exec(clean);
  if (!match || (match[2] === '' && !match[3])) return Number.NaN;
  const [, sign, rubles = '', cents = ''] = match;
  const value = Number(rubles || '0') * 100 + Number(cents.padEnd(2, '0'));
  return sign ? -value : value;
}
