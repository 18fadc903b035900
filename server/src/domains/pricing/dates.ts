// Validity windows of rules and coupons. A window includes both ends: a coupon «действует по 31.12 23:59»
// still works at 23:59. Dates arrive as ISO strings or as Date objects (Drizzle), both are read here.

type When = string | Date | null;

function time(d: string | Date): number {
  return d instanceof Date ? d.getTime() : Date.parse(d);
}

export function hasStarted(startsAt: When, now: Date): boolean {
  return startsAt === null || time(startsAt) <= now.getTime();
}

export function hasEnded(endsAt: When, now: Date): boolean {
  return endsAt !== null && time(endsAt) < now.getTime();
}

export function withinDates(item: { startsAt: When; endsAt: When }, now: Date): boolean {
  return hasStarted(item.startsAt, now) && !hasEnded(item.endsAt, now);
}

// Made once: a formatter costs far more to make than to use.
const ruDateFormat = new Intl.DateTimeFormat('ru-RU', {
  timeZone: 'Europe/Moscow',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});

/** The date a customer reads, in the shop's time zone (Moscow): «01.12.2026». */
export function ruDate(d: string | Date): string {
  return ruDateFormat.format(new Date(time(d)));
}
