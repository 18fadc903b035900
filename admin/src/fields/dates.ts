// Times are stored in UTC (timestamptz) and shown and edited in Moscow time. Moscow has kept UTC+3 all
// year since 2014, so editing uses that fixed offset; display goes through Intl with the time zone.

export const MOSCOW_TIME_ZONE = 'Europe/Moscow';
const MOSCOW_OFFSET_MS = 3 * 60 * 60 * 1000;

/** DateField options for a timestamp: "05.03.2025, 14:07" in Moscow time. */
export const moscowDateTime: Intl.DateTimeFormatOptions = {
  timeZone: MOSCOW_TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
};

/** DateField options for a calendar date ("YYYY-MM-DD" strings carry no time zone). */
export const calendarDate: Intl.DateTimeFormatOptions = {
  timeZone: 'UTC',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
};

const LOCAL_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;
const LOCAL_DATE = /^\d{4}-\d{2}-\d{2}$/;

function moscowWallClock(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  const time = new Date(value as string).getTime();
  if (Number.isNaN(time)) return null;
  return new Date(time + MOSCOW_OFFSET_MS).toISOString();
}

/** DateTimeInput format: an ISO instant → "YYYY-MM-DDTHH:mm" on the Moscow wall clock. */
export function isoToMoscowLocal(value: unknown): string {
  if (typeof value === 'string' && LOCAL_DATE_TIME.test(value)) return value;
  return moscowWallClock(value)?.slice(0, 16) ?? '';
}

/** DateTimeInput parse: "YYYY-MM-DDTHH:mm" typed in Moscow time → an ISO instant; '' → null. */
export function moscowLocalToIso(value: string): string | null {
  if (!value) return null;
  const time = new Date(`${value}:00+03:00`).getTime();
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

/** DateInput format for a date filter: an ISO instant → its Moscow calendar day "YYYY-MM-DD". */
export function isoToMoscowDate(value: unknown): string {
  if (typeof value === 'string' && LOCAL_DATE.test(value)) return value;
  return moscowWallClock(value)?.slice(0, 10) ?? '';
}

/** A "from" date filter: the first moment of that Moscow day, as an ISO instant. */
export function moscowDayStart(value: string): string | null {
  return value ? new Date(`${value}T00:00:00.000+03:00`).toISOString() : null;
}

/** A "to" date filter: the last moment of that Moscow day, so the whole day is included. */
export function moscowDayEnd(value: string): string | null {
  return value ? new Date(`${value}T23:59:59.999+03:00`).toISOString() : null;
}
