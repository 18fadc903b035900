// Russian plural forms by Intl.PluralRules: 1 балл, 2 балла, 5 баллов, 21 балл.

/** The word for `n`: `pluralWord(21, 'балл', 'балла', 'баллов')` → «балл». */
export function pluralWord(n: number, one: string, few: string, many: string): string {
  const rule = new Intl.PluralRules('ru').select(n);
  return rule === 'one' ? one : rule === 'few' ? few : many;
}
