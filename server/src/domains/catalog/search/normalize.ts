// Text normalisation of the product search, the same for the stored documents and for what a visitor
// types: lower case, ё → е, the trade's notation in one spelling (0,07 = 0.07; 10мм = 10 mm = 10 мм;
// L+ = lplus), and the other readings of a word a visitor may have meant: the same keys on the other
// keyboard layout (htcybws → ресницы, ьшкфдфыр → miralash) and a transliteration (миралаш → miralash,
// velora → велора). Pure functions: no database here.
import { Parser } from 'htmlparser2';

/** Lower case, ё → е, typographic dashes as '-'. */
export function fold(text: string): string {
  return text
    .toLowerCase()
    .replace(/ё/g, 'е')
    .replace(/[\u2010-\u2015\u2212]/g, '-');
}

/** Elements whose content is code, not words of the description. */
const NOT_TEXT = new Set(['script', 'style', 'template']);

/**
 * Text of an HTML fragment (the product description), read by htmlparser2: every character reference
 * decoded (&laquo;, &mdash;, &#1096; are characters, not words), every tag a word break ("один<br>два"
 * is two words), attributes and the content of scripts and styles left out.
 */
export function stripHtml(html: string): string {
  const out: string[] = [];
  let hidden = 0;
  const parser = new Parser({
    onopentag(name) {
      if (NOT_TEXT.has(name)) hidden++;
      out.push(' ');
    },
    onclosetag(name) {
      if (NOT_TEXT.has(name)) hidden--;
      out.push(' ');
    },
    ontext(text) {
      if (!hidden) out.push(text);
    },
  });
  parser.end(html);
  return out.join('');
}

// Units as the trade writes them, Latin spellings mapped to the Russian ones the catalogue uses.
const UNITS: Record<string, string> = {
  мм: 'мм',
  mm: 'мм',
  мл: 'мл',
  ml: 'мл',
  см: 'см',
  cm: 'см',
  шт: 'шт',
  pcs: 'шт',
  pc: 'шт',
};
const hasDigit = (w: string) => /\d/.test(w);
const isNumber = (w: string) => /^\d+(?:\.\d+)?$/.test(w);
const isLatinWord = (w: string) => /^[a-z]+$/.test(w);
const isCyrillicWord = (w: string) => /^[а-я]+$/.test(w);

const UNIT_RE = new RegExp(`(\\d)\\s*(${Object.keys(UNITS).join('|')})(?![a-zа-я])`, 'g');

/**
 * Folded text in the search spelling: only letters, digits, decimal points and single spaces are left.
 * "Толщина 0,10 мм; изгиб L+, длина 8–11мм" → "толщина 0.1 мм изгиб lplus длина 8 11 мм".
 */
export function normalizeText(text: string): string {
  // Characteristic values and short titles repeat thousands of times when a catalogue is indexed.
  if (text.length > 64) return normalize(text);
  let out = SHORT.get(text);
  if (out === undefined) {
    if (SHORT.size >= 10_000) SHORT.clear();
    out = normalize(text);
    SHORT.set(text, out);
  }
  return out;
}

const SHORT = new Map<string, string>();

function normalize(text: string): string {
  return (
    fold(text)
      // A decimal comma is a point; ",07" is "0.07".
      .replace(/(\d),(?=\d)/g, '$1.')
      .replace(/(^|[^\d.])[.,](?=\d)/g, (_, before: string) => `${before}0.`)
      // The thickness 0.10 is the thickness 0.1.
      .replace(/(\d\.\d*?)0+(?!\d)/g, '$1')
      .replace(/(\d)\.(?!\d)/g, '$1')
      // A number glued to its unit: 10мм, 10mm → 10 мм.
      .replace(UNIT_RE, (_, d: string, unit: string) => `${d} ${UNITS[unit]}`)
      .replace(/(^|[^a-zа-я0-9])[lл]\+/g, '$1lplus')
      // Everything that is not a letter, a digit or a decimal point separates words.
      .replace(/[^a-zа-я0-9.]+/g, ' ')
      .replace(/(^|[^\d])\.|\.(?!\d)/g, '$1 ')
      .replace(/ +/g, ' ')
      .trim()
  );
}

/** The words of a normalised text. */
export const words = (normalized: string): string[] => (normalized ? normalized.split(' ') : []);

/** Words worth remembering in the vocabulary: two letters or more, no digits (articles, sizes). */
export function vocabularyWords(normalized: string): string[] {
  return words(normalized).filter((w) => w.length >= 2 && w.length <= 100 && !/\d/.test(w));
}

/** An article as stored and as looked for: lower case, no spaces, letters, digits and - . _ / only. */
export function articleKey(article: string): string {
  return fold(article)
    .trim()
    .replace(/\s+/g, '-')
    .replace(/[^a-zа-я0-9._/-]/g, '');
}

// ---- keyboard layouts ------------------------------------------------------------------------------

const EN_KEYS = "qwertyuiop[]asdfghjkl;'zxcvbnm,.`";
const RU_KEYS = 'йцукенгшщзхъфывапролджэячсмитьбюё';
// ё is searched as е.
const TO_RU = new Map([...EN_KEYS].map((c, i) => [c, RU_KEYS[i]!.replace('ё', 'е')]));
const TO_EN = new Map([...RU_KEYS].map((c, i) => [c, EN_KEYS[i]!]));

/**
 * The same keys read on the other layout: a word typed with the wrong layout switched on. Latin letters
 * and the punctuation keys that are Russian letters ([ ] ; ' , . `) become Russian, Russian becomes Latin.
 * Null when the word has letters of both alphabets or none.
 */
export function switchLayout(word: string): string | null {
  const w = word.toLowerCase();
  const latin = /[a-z]/.test(w);
  const cyrillic = /[а-яё]/.test(w);
  if (latin === cyrillic) return null;
  const map = latin ? TO_RU : TO_EN;
  return [...w].map((c) => map.get(c) ?? c).join('');
}

// ---- transliteration -------------------------------------------------------------------------------

// Russian → Latin, as brand names are spelt: a plain reading, and one closer to English spelling
// (к → c, э → a, ай → i: "кэшмир" → cashmir, "лашлайн" → lashlin, "клауд" → cloud).
const CYR_LAT: Record<string, string> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  д: 'd',
  е: 'e',
  ж: 'zh',
  з: 'z',
  и: 'i',
  й: 'y',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ф: 'f',
  х: 'h',
  ц: 'ts',
  ч: 'ch',
  ш: 'sh',
  щ: 'sch',
  ъ: '',
  ы: 'y',
  ь: '',
  э: 'e',
  ю: 'yu',
  я: 'ya',
};
const CYR_LAT_ENGLISH: [RegExp, string][] = [
  [/кс/g, 'x'],
  [/ай(?=[^аеиоуыэюя]|$)/g, 'i'],
  [/ау/g, 'ou'],
  [/к/g, 'c'],
  [/э/g, 'a'],
  [/дж/g, 'j'],
  [/ж/g, 'j'],
];

const cyrToLatPlain = (w: string) => [...w].map((c) => CYR_LAT[c] ?? c).join('');

/** Latin readings of a Russian word, most likely first (one or two). */
export function cyrillicToLatin(word: string): string[] {
  const plain = cyrToLatPlain(word);
  let english = word;
  for (const [re, to] of CYR_LAT_ENGLISH) english = english.replace(re, to);
  english = cyrToLatPlain(english);
  return english === plain ? [plain] : [plain, english];
}

const LAT_CYR_MULTI: [string, string][] = [
  ['shch', 'щ'],
  ['sch', 'щ'],
  ['zh', 'ж'],
  ['kh', 'х'],
  ['ts', 'ц'],
  ['ch', 'ч'],
  ['sh', 'ш'],
  ['yu', 'ю'],
  ['ya', 'я'],
  ['yo', 'е'],
  ['ye', 'е'],
  ['ee', 'и'],
  ['oo', 'у'],
  ['ph', 'ф'],
  ['th', 'т'],
];
const LAT_CYR: Record<string, string> = {
  a: 'а',
  b: 'б',
  c: 'к',
  d: 'д',
  e: 'е',
  f: 'ф',
  g: 'г',
  h: 'х',
  i: 'и',
  j: 'дж',
  k: 'к',
  l: 'л',
  m: 'м',
  n: 'н',
  o: 'о',
  p: 'п',
  q: 'к',
  r: 'р',
  s: 'с',
  t: 'т',
  u: 'у',
  v: 'в',
  w: 'в',
  x: 'кс',
  z: 'з',
};
const VOWELS_CYR = 'аеиоуыэюя';

/** The Russian reading of a word typed in Latin letters: "resnitsy" → ресницы, "kley" → клей. */
export function latinToCyrillic(word: string): string {
  let out = '';
  let i = 0;
  while (i < word.length) {
    const multi = LAT_CYR_MULTI.find(([lat]) => word.startsWith(lat, i));
    if (multi) {
      out += multi[1];
      i += multi[0].length;
      continue;
    }
    const c = word[i]!;
    if (c === 'y') {
      // After a vowel "y" is й (kley, praymer); after a consonant it is ы (resnitsy).
      const prev = out.at(-1);
      out += prev && VOWELS_CYR.includes(prev) ? 'й' : prev ? 'ы' : 'й';
    } else out += LAT_CYR[c] ?? c;
    i++;
  }
  return out;
}

// ---- the query -------------------------------------------------------------------------------------

/** How a reading of a typed word is matched. */
export type AltKind =
  /** the word as typed (normalised), matched by its stem */
  | 'typed'
  /** the same keys on the other keyboard layout */
  | 'layout'
  /** a transliteration (Russian ↔ Latin) */
  | 'translit'
  /** a lash curl (C, CC, D, DD, L, L+, M, B), also when typed in Russian letters */
  | 'curl'
  /** a number (thickness, length, volume) or a word with digits (2d): matched as it is */
  | 'literal'
  /** the beginning of an article */
  | 'article';

export interface Alt {
  kind: AltKind;
  word: string;
}

/** One word of the query with its readings; the products must match one reading of every unit. */
export interface QueryUnit {
  typed: string;
  alts: Alt[];
  /** The word is still being typed (the last one, no space after it): its readings match as prefixes. */
  prefix: boolean;
}

export interface AnalyzedQuery {
  units: QueryUnit[];
  /** Article spellings the whole query may be (one word with a digit), for the exact-article rank. */
  articles: string[];
  /** The variant the lash notation of the query describes ("D 0,07 11" → "0.07/11/d"), see variantKeys. */
  variant: string | null;
}

/** At most this many words of a query count; the rest is ignored. */
export const MAX_UNITS = 8;

const CURLS = new Set(['b', 'c', 'cc', 'd', 'dd', 'l', 'lplus', 'm']);
const UNIT_WORDS = new Set(Object.values(UNITS));

/**
 * The keys of one variant (offer) for the notation ranking: every combination of two or more of its
 * notation values (curl, thickness, length...) in one canonical spelling. An offer with the values
 * {D, 0,07 мм, 11 мм} gives 0.07/11, 0.07/d, 11/d and 0.07/11/d, so "D 0,07 11мм" finds the products
 * that have that very variant first, not those that have D in one variant and 0,07 in another.
 */
export function variantKeys(values: string[]): string[] {
  const memo = values.join('\n');
  let keys = VARIANTS.get(memo);
  if (!keys) {
    if (VARIANTS.size >= 10_000) VARIANTS.clear();
    keys = computeVariantKeys(values);
    VARIANTS.set(memo, keys);
  }
  return keys;
}

const VARIANTS = new Map<string, string[]>();

function computeVariantKeys(values: string[]): string[] {
  const notation = [
    ...new Set(
      values
        .map((v) => words(normalizeText(v)).filter((w) => !UNIT_WORDS.has(w)))
        .filter((ws) => ws.length === 1 && (isNumber(ws[0]!) || CURLS.has(ws[0]!)))
        .map((ws) => ws[0]!),
    ),
  ].sort();
  const keys: string[] = [];
  for (let mask = 1; mask < 1 << notation.length; mask++) {
    const picked = notation.filter((_, i) => mask & (1 << i));
    if (picked.length >= 2) keys.push(picked.join('/'));
  }
  return keys;
}
// Russian letters a visitor types for a Latin curl: the look-alikes С, СС, Д, ДД, М, В and Л, Л+.
const CURL_LOOKALIKES: Record<string, string> = {
  с: 'c',
  сс: 'cc',
  д: 'd',
  дд: 'dd',
  м: 'm',
  л: 'l',
  lplus: 'lplus',
  в: 'b',
};
// "с" and "в" are also prepositions: a curl only next to lash notation (a number: thickness, length).
const AMBIGUOUS_CURLS = new Set(['с', 'в']);
// A word typed with the Latin layout on may contain the punctuation keys of Russian letters.
const LAYOUT_PUNCTUATION = /[[\];',.`]/;
// Letters and digits joined by dashes (or _ /), with at least one letter and one digit.
const ARTICLE_LIKE = /^(?=.*[a-zа-я])(?=.*\d)[a-zа-я0-9]+(?:[-_/][a-zа-я0-9]+)+$/;

function wordAlts(typed: string): Alt[] {
  const alts: Alt[] = [{ kind: 'typed', word: typed }];
  const add = (kind: AltKind, word: string | null) => {
    if (word && /^[a-zа-я]+$/.test(word) && !alts.some((a) => a.word === word)) alts.push({ kind, word });
  };
  const layout = switchLayout(typed);
  if (layout) add('layout', normalizeText(layout));
  if (isCyrillicWord(typed)) for (const w of cyrillicToLatin(typed)) add('translit', w);
  if (isLatinWord(typed)) add('translit', latinToCyrillic(typed));
  return alts;
}

/**
 * A query → its units. Each whitespace-separated word is normalised (it may become several words:
 * "10мм" → 10, мм) and every word gets its readings. A word typed with the wrong layout may contain
 * punctuation (",hjdtq" is "бровей"): such a word is one unit read through the layout.
 */
export function analyzeQuery(text: string): AnalyzedQuery {
  const raw = fold(text).slice(0, 200);
  const typing = !/\s$/.test(raw);
  const rawWords = raw.split(/\s+/).filter(Boolean);
  const units: QueryUnit[] = [];
  for (const rawWord of rawWords) {
    // An article is one word with its dashes: LB12-C-007-10, also typed with the Russian layout on.
    const bareArticle = rawWord.replace(/[.,!?]+$/, '');
    if (ARTICLE_LIKE.test(bareArticle)) {
      const key = articleKey(bareArticle);
      const switched = switchLayout(bareArticle);
      const alts: Alt[] = [{ kind: 'article', word: key }];
      if (switched && ARTICLE_LIKE.test(switched)) alts.push({ kind: 'article', word: articleKey(switched) });
      units.push({ typed: key, alts, prefix: false });
      continue;
    }
    const normalized = words(normalizeText(rawWord));
    // Punctuation at the end is punctuation; inside a Latin word it may be a Russian letter's key.
    const bare = rawWord.replace(/[.,!?]+$/, '');
    const layout = /[a-z]/.test(bare) && LAYOUT_PUNCTUATION.test(bare) ? switchLayout(bare) : null;
    if (layout && /^[а-я]+$/.test(layout) && !normalized.some(hasDigit)) {
      units.push({
        typed: rawWord,
        alts: [
          ...normalized.filter((w) => w.length > 1).map((w): Alt => ({ kind: 'typed', word: w })),
          { kind: 'layout', word: layout },
        ],
        prefix: false,
      });
      continue;
    }
    for (const w of normalized) units.push({ typed: w, alts: [], prefix: false });
  }
  const kept = units.slice(0, MAX_UNITS);
  const notation = kept.some((u) => isNumber(u.typed));
  for (const u of kept) {
    if (u.alts.length) continue;
    const w = u.typed;
    if (isNumber(w)) u.alts.push({ kind: 'literal', word: w });
    else if (hasDigit(w)) u.alts.push({ kind: 'article', word: articleKey(w) }, { kind: 'literal', word: w });
    else u.alts.push(...wordAlts(w));
    const curl = CURLS.has(w) ? w : CURL_LOOKALIKES[w];
    if (curl && (!AMBIGUOUS_CURLS.has(w) || notation)) u.alts.push({ kind: 'curl', word: curl });
  }
  // The last word is still being typed unless a space follows it; one letter is too short to extend.
  const last = kept.at(-1);
  if (last && typing && last.typed.length >= 2 && !isNumber(last.typed)) last.prefix = true;

  // One word with a digit may be an article (any case, any layout): exact articles rank first.
  const articles: string[] = [];
  if (rawWords.length === 1) {
    const key = articleKey(rawWords[0]!);
    const switched = switchLayout(rawWords[0]!);
    for (const a of [key, switched ? articleKey(switched) : ''])
      if (a.length >= 2 && hasDigit(a) && !articles.includes(a)) articles.push(a);
    // A single word might be an article made of letters only: look for it among the articles too.
    const only = kept.length === 1 ? kept[0]! : null;
    if (only && !only.alts.some((a) => a.kind === 'article') && key.length >= 3)
      only.alts.push({ kind: 'article', word: key });
  }
  // Two or more notation values: the variant they describe ranks first (variantKeys).
  const notationValues = kept.flatMap((u) => {
    const curl = u.alts.find((a) => a.kind === 'curl');
    return curl ? [curl.word] : isNumber(u.typed) ? [u.typed] : [];
  });
  const values = [...new Set(notationValues)].sort();
  const variant = values.length >= 2 && values.length <= 4 ? values.join('/') : null;
  return { units: kept, articles, variant };
}
