// Integer kopecks and the few number words the messages need. A percentage is rounded half up to a whole
// kopeck (0.5 kopeck goes up); the arithmetic stays in integers so that no float error can creep in.

/** `percent` % of `amount`, rounded half up to a whole kopeck (amount ≥ 0, percent an integer 0…100). */
export function percentOf(amount: number, percent: number): number {
  return Math.floor((amount * percent + 50) / 100);
}

/** `percent` % of `amount`, rounded down: for ceilings that must never be exceeded (bonus spending). */
export function percentFloor(amount: number, percent: number): number {
  return Math.floor((amount * percent) / 100);
}

export function sum(values: readonly number[]): number {
  let s = 0;
  for (const v of values) s += v;
  return s;
}

const NBSP = '\u00a0';

/** The Russian plural: plural(5, ['балл', 'балла', 'баллов']) → «баллов». */
export function plural(n: number, [one, few, many]: readonly [string, string, string]): string {
  const d100 = n % 100;
  const d10 = n % 10;
  if (d100 >= 11 && d100 <= 14) return many;
  if (d10 === 1) return one;
  if (d10 >= 2 && d10 <= 4) return few;
  return many;
}

export function points(n: number): string {
  return `${n}${NBSP}${plural(n, ['балл', 'балла', 'баллов'])}`;
}
