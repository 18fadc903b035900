// Rich text of the admin (pages, articles, promotions) is HTML that the storefront inserts as is, so the
// API cleans it on the way out with the maintained `sanitize-html` (htmlparser2 underneath): a whitelist
// of tags and attributes, everything else dropped. The output is rebuilt from the parsed tree (tag names
// and attributes re-serialised, text re-escaped, every open tag closed), so nothing the input spells
// oddly can reach the page as markup. This module holds only the shop's configuration of it.
import type sanitize from 'sanitize-html';
import { onFirstUse } from '../on-first-use';

const sanitizeOnFirstUse = onFirstUse<typeof sanitize>('sanitize-html');

/** Tags kept, with the attributes each may carry. */
const ALLOWED: Record<string, string[]> = {
  p: [],
  h2: [],
  h3: [],
  h4: [],
  ul: [],
  ol: [],
  li: [],
  // `rel` is never taken from the input: transformLink writes it (see there).
  a: ['href', 'title', 'rel'],
  strong: [],
  em: [],
  b: [],
  i: [],
  br: [],
  blockquote: [],
  img: ['src', 'alt', 'width', 'height', 'title'],
  table: [],
  caption: [],
  thead: [],
  tbody: [],
  tfoot: [],
  tr: [],
  th: ['colspan', 'rowspan', 'scope'],
  td: ['colspan', 'rowspan'],
};

/**
 * Elements dropped together with everything inside them: their content is script, style, another
 * document or markup of another language (SVG, MathML), never text meant for the reader.
 */
const DROP_WITH_CONTENT = [
  'script',
  'style',
  'iframe',
  'object',
  'noscript',
  'noembed',
  'noframes',
  'template',
  'textarea',
  'title',
  'svg',
  'math',
  'select',
  'option',
  'xmp',
  'plaintext',
];

const LINK_SCHEMES = ['http', 'https', 'mailto', 'tel'];
const IMAGE_SCHEMES = ['http', 'https'];

/**
 * The site's own rules for an address, on top of the library's scheme check (which stays the second
 * line): the address as the browser reads it (control characters, tabs and newlines inside it are
 * skipped by browsers: "java\tscript:"), or null when it must go.
 */
function cleanUrl(raw: string, forImage: boolean): string | null {
  // eslint-disable-next-line no-control-regex
  const url = raw.replace(/[\u0000-\u001f\u007f-\u009f]/g, '').trim();
  if (!url) return null;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url)?.[1]?.toLowerCase();
  if (scheme !== undefined) return (forImage ? IMAGE_SCHEMES : LINK_SCHEMES).includes(scheme) ? url : null;
  // A colon before the path is no relative address ("java&unknown;script:…"): a browser may yet read a
  // scheme into it.
  if (/^[^/?#]*:/.test(url)) return null;
  // A backslash reads as a slash ("/\evil.example" is another site): refused outright.
  if (url.includes('\\')) return null;
  // "//host/…" is another site without a scheme: allowed for links only, images come from the shop or
  // over an explicit http(s).
  if (forImage && url.startsWith('//')) return null;
  return url;
}

const NUMBER = /^\s*\d{1,4}\s*$/;
const SCOPE = /^(row|col|rowgroup|colgroup)$/i;

/** Numbers stay numbers (width, height, colspan, rowspan) and `scope` one of its four words. */
function cleanNumbers(attribs: sanitize.Attributes): sanitize.Attributes {
  const out: sanitize.Attributes = {};
  for (const [name, value] of Object.entries(attribs)) {
    if (name === 'width' || name === 'height' || name === 'colspan' || name === 'rowspan') {
      if (NUMBER.test(value)) out[name] = value.trim();
    } else if (name === 'scope') {
      if (SCOPE.test(value)) out[name] = value.toLowerCase();
    } else out[name] = value;
  }
  return out;
}

function transformLink(tagName: string, attribs: sanitize.Attributes): sanitize.Tag {
  const out: sanitize.Attributes = {};
  let external = false;
  for (const [name, value] of Object.entries(attribs)) {
    if (name === 'rel') continue;
    if (name === 'href') {
      const url = cleanUrl(value, false);
      if (url === null) continue;
      out.href = url;
      external = /^(https?:)?\/\//i.test(url);
    } else out[name] = value;
  }
  // Links to other sites hand them neither this window (opener) nor the address, nor our ranking. Any
  // `target` is dropped (not on the whitelist), so nothing opens a new window with our page as opener.
  if (external) out.rel = 'noopener noreferrer nofollow';
  return { tagName, attribs: out };
}

function transformImage(tagName: string, attribs: sanitize.Attributes): sanitize.Tag {
  const out = cleanNumbers(attribs);
  if (out.src !== undefined) {
    const url = cleanUrl(out.src, true);
    if (url === null) delete out.src;
    else out.src = url;
  }
  return { tagName, attribs: out };
}

const tableCell = (tagName: string, attribs: sanitize.Attributes): sanitize.Tag => ({
  tagName,
  attribs: cleanNumbers(attribs),
});

const OPTIONS: sanitize.IOptions = {
  allowedTags: Object.keys(ALLOWED),
  allowedAttributes: ALLOWED,
  allowedSchemes: LINK_SCHEMES,
  allowedSchemesByTag: { img: IMAGE_SCHEMES },
  // Links may be protocol-relative; images are refused one in transformImage.
  allowProtocolRelative: true,
  disallowedTagsMode: 'discard',
  nonTextTags: DROP_WITH_CONTENT,
  selfClosing: ['img', 'br'],
  transformTags: { a: transformLink, img: transformImage, th: tableCell, td: tableCell },
  // Entities are decoded before any check (so "&#106;avascript:" is seen as "javascript:") and the
  // output is escaped again; the library's own check of addresses relies on it.
  parser: { decodeEntities: true },
};

/** Cleans admin HTML down to the whitelist; the result is safe to insert into a page. */
export function sanitizeHtml(input: string | null | undefined): string {
  if (!input) return '';
  return (
    sanitizeOnFirstUse()(input.replace(/\r\n?/g, '\n'), OPTIONS)
      // The library writes the void elements XHTML-style ("<br />"); HTML needs no slash, and the stored
      // pages and their tests keep the spelling they had. Safe as a plain replace: in the output a ">"
      // inside text or an attribute value is always escaped, so " />" only ends an <img> or a <br>.
      .replace(/ \/>/g, '>')
  );
}
