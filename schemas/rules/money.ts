// The one money rule (docs/pricing.md, "What the customer reads"): amounts are integer kopecks, and every
// place that shows one (storefront, admin, letters, the engine's messages) writes it with this function, so a
// total is read exactly as it is charged: whole roubles when the kopecks are zero, else with its kopecks.
// «2 975,40 ₽» is never rounded to «2 975 ₽», and «1 290 ₽» never grows «,00».

const NNBSP = '\u202f'; // between groups of thousands (narrow no-break space, as ru-RU typesetting writes it)
const NBSP = '\u00a0'; // before ₽: the sign never wraps to a line of its own

/** 129000 → «1 290 ₽», 297540 → «2 975,40 ₽», −33060 → «−330,60 ₽» (a real minus sign). */
export function formatMoney(kopecks: number): string {
  const whole = Math.round(kopecks);
  const abs = Math.abs(whole);
  const roubles = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, NNBSP);
  const rest = abs % 100;
  const sign = whole < 0 ? '\u2212' : '';
  return `${sign}${roubles}${rest ? `,${String(rest).padStart(2, '0')}` : ''}${NBSP}₽`;
}
