// The shop's codes and addresses for what 1C names in Russian: a category's slug, a directory's code, an
// entry's code, an offer's article. Each is made once, when the record is created, and kept (1C's Ид is the
// link, not the name), unique among what is stored and what the same step creates.
import { createHash } from 'node:crypto';
import { slugify } from '@shop/schemas/rules/slug';

export const norm = (s: string) => s.trim().toLowerCase().replace(/ё/g, 'е');

/** A short stable tag of an Ид, for names that would otherwise repeat. */
export const tagOf = (id: string) => createHash('sha1').update(id).digest('hex').slice(0, 6);

/** The first of `base`, `base-2`, `base-3`… (or the tag) that `taken` does not hold; it is then taken. */
export function uniqueName(base: string, taken: Set<string>, id: string, sep = '-', max = 64): string {
  const cut = (s: string, suffix = '') => s.slice(0, max - suffix.length).replace(/[-_.]+$/, '') + suffix;
  let name = cut(base);
  for (let n = 2; taken.has(name.toLowerCase()) && n < 10; n++) name = cut(base, `${sep}${n}`);
  if (taken.has(name.toLowerCase())) name = cut(base, `${sep}${tagOf(id)}`);
  taken.add(name.toLowerCase());
  return name;
}

/** A page address from a title ("Ресницы Lash Be" → "resnitsy-lash-be"); the Ид's tag when none comes out. */
export const slugOf = (title: string, id: string) => slugify(title).slice(0, 180) || `item-${tagOf(id)}`;

/** A directory's code (`^[a-z][a-z0-9_]*$`): "Толщина" → "tolshchina". */
export function directoryCodeOf(title: string, id: string): string {
  const code = slugify(title).replace(/-/g, '_').slice(0, 40);
  return /^[a-z]/.test(code) ? code : `p_${code || tagOf(id)}`.slice(0, 40);
}

/** An entry's code (`^[A-Za-z0-9][A-Za-z0-9._-]*$`): "0,07" → "0.07", "D" → "D", "Чёрный" → "chernyy". */
export function entryCodeOf(value: string, id: string): string {
  const plain = value.trim().replace(/,/g, '.').replace(/\s+/g, '-');
  if (/^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(plain) && plain.length <= 60) return plain;
  return slugify(value).slice(0, 60) || `v-${tagOf(id)}`;
}
