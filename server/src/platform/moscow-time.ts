// The shop's clock for documents sent out (the YML feed's date, the 1C orders document): Moscow time with
// its zone, whatever the server's own time zone is.

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
