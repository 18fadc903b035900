// The small rules of writing YML text: escaped text and attributes, CDATA, prices, the zoned date, absolute
// addresses. Pure functions; yml-build.ts writes the document with them.

/** Characters XML 1.0 does not allow: controls but tab, line feed and carriage return; lone surrogates. */
const NOT_XML =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

// eslint-disable-next-line no-control-regex
const NEEDS_WORK = /[&<>"'\u0000-\u0008\u000b\u000c\u000e-\u001f\ud800-\udfff\ufffe\uffff]/;

/** Text of an element or an attribute: the five XML specials escaped, characters XML forbids dropped. */
export function xmlText(value: string): string {
  // Most text needs nothing: one scan instead of six replacements.
  if (!NEEDS_WORK.test(value)) return value;
  return value
    .replace(NOT_XML, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** HTML inside a CDATA section (Market takes simple HTML in `description`); `]]>` split across two sections. */
export function cdata(html: string): string {
  const clean = html.replace(NOT_XML, '');
  return `<![CDATA[${clean.replaceAll(']]>', ']]]]><![CDATA[>')}]]>`;
}

/** Kopecks as YML wants a price: roubles with a dot and no currency sign (129050 → "1290.50", 129000 → "1290"). */
export function ymlPrice(kopecks: number): string {
  const roubles = Math.floor(kopecks / 100);
  const rest = kopecks % 100;
  return rest ? `${roubles}.${String(rest).padStart(2, '0')}` : String(roubles);
}

// The feed's `date` is RFC 3339 in Moscow time (Market refuses a date without its zone).
export { moscowDateTime } from '../../platform/moscow-time';

/**
 * An absolute address for a stored picture or page: a site path joins the shop's origin (each unsafe
 * character percent-encoded), an http(s) address stays as it is. Null for anything else, or an address with
 * white space inside (Market refuses it: «Некорректный URL картинки»).
 */
export function absoluteUrl(origin: string, address: string): string | null {
  const trimmed = address.trim();
  if (!trimmed) return null;
  const url = /^https?:\/\//i.test(trimmed) ? trimmed : trimmed.startsWith('/') ? origin + trimmed : null;
  if (!url) return null;
  // encodeURI leaves a valid address as it is and encodes spaces and Cyrillic letters.
  const encoded = encodeURI(decodeURISafe(url));
  return /\s/.test(encoded) ? null : encoded;
}

function decodeURISafe(url: string): string {
  try {
    return decodeURI(url);
  } catch {
    return url;
  }
}

/** Cut at a word's end so that the text is at most `max` characters (a name of ≤ 256 for Market). */
export function cutText(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.-]+$/, '')}…`;
}
