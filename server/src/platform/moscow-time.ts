// The shop's clock for documents sent out (the YML feed's date, the 1C orders document): Moscow time with
// its zone, whatever the server's own time zone is; and the shop's days (the desktop's «Сегодня»), Moscow
// days whose first and last moments are those the admin's date filters take (admin/src/fields/dates.ts:
// Moscow has kept UTC+3 all year since 2014).

const MOSCOW = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Moscow',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
  timeZoneName: 'longOffset',
});

/** RFC 3339 with the zone, in Moscow time: 2026-11-29T07:51:00+03:00. */
export function moscowDateTime(at: Date): string {
  const part = Object.fromEntries(MOSCOW.formatToParts(at).map((p) => [p.type, p.value]));
  // "GMT+03:00"; "GMT" alone would be UTC itself.
  const zone = part.timeZoneName === 'GMT' ? '+00:00' : part.timeZoneName!.slice(3);
  return `${part.year}-${part.month}-${part.day}T${part.hour}:${part.minute}:${part.second}${zone}`;
}

const DAY = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Moscow',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The Moscow day of an instant, YYYY-MM-DD: 2026-11-28T21:00:00Z is 2026-11-29. */
export const moscowDay = (at: Date): string => DAY.format(at);

/** The day `days` days after `day` (before, when negative), YYYY-MM-DD. */
export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** The first and the last moment of a Moscow day (the last millisecond: the admin's «по» date filter). */
export function moscowDayBounds(day: string): { start: Date; end: Date } {
  return {
    start: new Date(`${day}T00:00:00.000+03:00`),
    end: new Date(`${day}T23:59:59.999+03:00`),
  };
}
