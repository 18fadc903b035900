// Money is an integer number of kopecks everywhere (ARCHITECTURE §4); it is shown by the one money rule of
// @shop/schemas (whole roubles, or with the kopecks when there are any), the same text on server and browser.
export { formatMoney } from '@shop/schemas/rules/money';

/** 15 → "−15 %": a real minus sign and a no-break space, as Russian typography writes it. */
export function formatDiscount(percent: number): string {
  return `\u2212${percent}\u00a0%`;
}

/** Counter badges show at most 99 (spec §9); anything above reads "99+". */
export const BADGE_MAX = 99;
export function formatBadgeCount(count: number): string {
  return count > BADGE_MAX ? `${BADGE_MAX}+` : String(count);
}

// Russian plurals: the shop's one rule (@shop/schemas), as on the server and in the admin.
export { countOf, plural, type PluralForms } from '@shop/schemas/rules/plural';
export { quoted } from '@shop/schemas/rules/quotes';

/** The word for a number of goods, for `plural`: 1 товар, 3 товара, 5 товаров. */
export const GOODS = ['товар', 'товара', 'товаров'] as const;

/** The word for bonus points: 1 балл, 3 балла, 5 баллов. */
export const POINTS = ['балл', 'балла', 'баллов'] as const;

/**
 * A Russian phone number as people read it: "+78005553535" or "8 800 555 35 35" → "+7 (800) 555-35-35".
 * Anything that is not an 11-digit Russian number is shown as it was written.
 */
export function formatPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  const m = /^[78](\d{3})(\d{3})(\d{2})(\d{2})$/.exec(digits);
  return m ? `+7 (${m[1]}) ${m[2]}-${m[3]}-${m[4]}` : phone.trim();
}

// Dates are shown in Moscow time: the server and the browser must write the same text (hydration), and
// the shop's days are Moscow days. Written by hand rather than with Intl.DateTimeFormat: the first such format
// of a page loads the locale's and the zone's data, 25–70 ms on the 2-core machine and four times that on a
// phone, in one piece in the middle of hydration (the product page's reviews; issue 28).

/** Moscow has kept UTC+3 all year since 26 October 2014; the shop's dates are all later. */
const MOSCOW_OFFSET_MS = 3 * 60 * 60 * 1000;
const MONTHS = [
  'января',
  'февраля',
  'марта',
  'апреля',
  'мая',
  'июня',
  'июля',
  'августа',
  'сентября',
  'октября',
  'ноября',
  'декабря',
] as const;

/** The moment as a Date whose UTC fields are Moscow's wall clock. */
function moscowClock(value: string | Date): Date {
  const time = (typeof value === 'string' ? new Date(value) : value).getTime();
  if (Number.isNaN(time)) throw new RangeError(`Not a date: ${String(value)}`);
  return new Date(time + MOSCOW_OFFSET_MS);
}

const dayOf = (clock: Date) =>
  `${clock.getUTCDate()} ${MONTHS[clock.getUTCMonth()]} ${clock.getUTCFullYear()}`;
const twoDigits = (n: number) => String(n).padStart(2, '0');

/** "2026-11-22T09:00:00Z" → "22 ноября 2026" (DESIGN.md), without the trailing "г.". */
export function formatDate(value: string | Date): string {
  return dayOf(moscowClock(value));
}

/** "2026-11-22T09:05:00Z" → "22 ноября 2026, 12:05": Moscow time. */
export function formatDateTime(value: string | Date): string {
  const clock = moscowClock(value);
  return `${dayOf(clock)}, ${twoDigits(clock.getUTCHours())}:${twoDigits(clock.getUTCMinutes())}`;
}
