// A percentage is a plain number in the API (7 means 7 %); people read it with its sign: "7 %".

const PERCENT = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 2 });

/** 7 → "7 %", 12.5 → "12,5 %" (a non-breaking space before the sign, as Russian typesetting has it). */
export function formatPercent(value: number): string {
  return `${PERCENT.format(value)}\u00a0%`;
}
