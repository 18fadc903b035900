// Russian plural forms by Intl.PluralRules ('ru'): 1 балл, 2 балла, 5 баллов, 21 балл, 1,5 балла. The one
// plural rule of the shop: the storefront, the admin, the server's messages and letters all call these.

/** The three forms of a word: for one, for a few (2–4) and for many (5–20, 0). */
export type PluralForms = readonly [one: string, few: string, many: string];

const rules = new Intl.PluralRules('ru-RU');

/** The word for `count`: plural(21, ['балл', 'балла', 'баллов']) → «балл». */
export function plural(count: number, [one, few, many]: PluralForms): string {
  const rule = rules.select(count);
  return rule === 'one' ? one : rule === 'few' ? few : many;
}

/**
 * The number and its word, the number grouped by thousands as Russian text writes it (a no-break space):
 * countOf(1290, ['товар', 'товара', 'товаров']) → «1 290 товаров».
 */
export function countOf(count: number, forms: PluralForms): string {
  return `${count.toLocaleString('ru-RU')} ${plural(count, forms)}`;
}
