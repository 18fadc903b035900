// A page address (slug) from a Russian title, the same in the demo data and in the admin's forms (the slug
// input fills itself from the title until the administrator types their own).

// Russian letters and their latin spelling in slugs; ъ and ь (written _) are dropped.
const RU = 'абвгдеёжзийклмнопрстуфхцчшщъыьэюя';
const LATIN = 'a b v g d e e zh z i y k l m n o p r s t u f h ts ch sh shch _ y _ e yu ya'.split(' ');
const TRANSLIT = new Map([...RU].map((ch, i) => [ch, LATIN[i] === '_' ? '' : LATIN[i]!]));

/** A latin slug from a Russian title: "Клей Miralash Pro Fast" → "kley-miralash-pro-fast". */
export function slugify(title: string): string {
  return [...title.toLowerCase()]
    .map((ch) => TRANSLIT.get(ch) ?? ch)
    .join('')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 200)
    .replace(/-+$/, '');
}
