// The days a customer is promised, counted in the shop's time zone (Moscow): today, plus the days the shop
// takes to pack the order, plus the carrier's days in transit. «Доставим 2–4 декабря», «Забрать с 3 декабря».

const MOSCOW = 'Europe/Moscow';
// Made once: a formatter costs far more to make than to use, and every cart's delivery options use them.
const isoDay = new Intl.DateTimeFormat('en-CA', { timeZone: MOSCOW });
const dayMonthFormat = new Intl.DateTimeFormat('ru-RU', { timeZone: 'UTC', day: 'numeric', month: 'long' });
const weekdayFormat = new Intl.DateTimeFormat('ru-RU', { timeZone: 'UTC', weekday: 'short' });

/** Today in Moscow as YYYY-MM-DD. */
export function moscowDay(now: Date): string {
  return isoDay.format(now);
}

/** YYYY-MM-DD plus whole days (calendar arithmetic in UTC, where a day is always 24 hours). */
export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

const dayMonth = (day: string) => dayMonthFormat.format(new Date(`${day}T00:00:00Z`));
const dayOnly = (day: string) => String(Number(day.slice(8, 10)));

/** «2–4 декабря», «30 ноября – 2 декабря», «3 декабря». */
export function rangeText(from: string, to: string): string {
  if (from === to) return dayMonth(from);
  if (from.slice(0, 7) === to.slice(0, 7)) return `${dayOnly(from)}–${dayMonth(to)}`;
  return `${dayMonth(from)} – ${dayMonth(to)}`;
}

/** «пт, 4 декабря»: a day the customer picks for the courier. */
export function weekdayText(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  const weekday = weekdayFormat.format(d);
  return `${weekday}, ${dayMonth(day)}`;
}

export interface DeliveryDates {
  from: string;
  to: string;
  /** «Доставим 2–4 декабря» or «Забрать с 3 декабря». */
  text: string;
  /** «2–4 декабря»: what the order keeps as its promise. */
  range: string;
}

/** The dates of a delivery that takes `minDays`–`maxDays` in transit after `handlingDays` of packing. */
export function deliveryDates(
  kind: 'courier' | 'pickup_point' | 'post' | 'self_pickup',
  now: Date,
  handlingDays: number,
  minDays: number,
  maxDays: number,
): DeliveryDates {
  const today = moscowDay(now);
  const from = addDays(today, handlingDays + minDays);
  const to = addDays(today, handlingDays + Math.max(minDays, maxDays));
  const range = rangeText(from, to);
  const pickup = kind === 'pickup_point' || kind === 'self_pickup';
  return { from, to, range, text: pickup ? `Забрать с ${dayMonth(from)}` : `Доставим ${range}` };
}

/** The days a courier can come: from the first day of the promise, a week of days but Sundays. */
export function courierDays(from: string, count = 7): { date: string; label: string }[] {
  const days: { date: string; label: string }[] = [];
  for (let d = from; days.length < count; d = addDays(d, 1))
    if (new Date(`${d}T00:00:00Z`).getUTCDay() !== 0) days.push({ date: d, label: weekdayText(d) });
  return days;
}
