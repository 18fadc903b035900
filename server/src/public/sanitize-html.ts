// Rich text of the admin (pages, articles, promotions) is HTML that the storefront inserts as is, so the
// API cleans it on the way out: a whitelist of tags and attributes, everything else dropped. It is a
// small tokenizer, not a browser parser, and it errs on the side of dropping: the output is rebuilt from
// scratch (tag names and attributes re-serialised, text re-escaped, every open tag closed), so nothing the
// input spells oddly can reach the page as markup.

/** Tags kept, with the attributes each may carry. */
const ALLOWED: Record<string, readonly string[]> = {
  p: [],
  h2: [],
  h3: [],
  h4: [],
  ul: [],
  ol: [],
  li: [],
  a: ['href', 'title'],
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
const VOID = new Set(['br', 'img']);
/** Elements dropped together with everything inside them. */
const DROP_WITH_CONTENT = new Set([
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
  'xmp',
  'plaintext',
]);

/** Opening the key closes an open tag of `closes`, unless a tag of `within` is open inside it. */
const CLOSES_P = { closes: ['p'], within: ['li', 'td', 'th', 'blockquote', 'caption'] };
const IMPLIED_END: Record<string, { closes: string[]; within: string[] }> = {
  li: { closes: ['li'], within: ['ul', 'ol'] },
  tr: { closes: ['tr'], within: ['table', 'thead', 'tbody', 'tfoot'] },
  td: { closes: ['td', 'th'], within: ['tr'] },
  th: { closes: ['td', 'th'], within: ['tr'] },
  thead: { closes: ['thead', 'tbody', 'tfoot', 'tr', 'caption'], within: ['table'] },
  tbody: { closes: ['thead', 'tbody', 'tfoot', 'tr', 'caption'], within: ['table'] },
  tfoot: { closes: ['thead', 'tbody', 'tfoot', 'tr', 'caption'], within: ['table'] },
  p: CLOSES_P,
  h2: CLOSES_P,
  h3: CLOSES_P,
  h4: CLOSES_P,
  ul: CLOSES_P,
  ol: CLOSES_P,
  blockquote: CLOSES_P,
  table: CLOSES_P,
};

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  colon: ':',
  tab: '\t',
  newline: '\n',
  sol: '/',
  lpar: '(',
  rpar: ')',
  period: '.',
  comma: ',',
};

function escapeText(s: string): string {
  return s.replace(/[&<>]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : '&gt;'));
}
function escapeAttr(s: string): string {
  return s.replace(/[&<>"]/g, (c) =>
    c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : '&quot;',
  );
}

/** Decodes character references; null when the text holds a named one this module does not know. */
function decodeEntities(s: string): string | null {
  let unknown = false;
  const out = s.replace(/&(#[0-9]+|#x[0-9a-f]+|[a-z][a-z0-9]*);?/gi, (whole, ref: string) => {
    if (ref.startsWith('#')) {
      const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '\ufffd';
    }
    const known = NAMED_ENTITIES[ref.toLowerCase()];
    if (known === undefined) unknown = true;
    return known ?? whole;
  });
  return unknown ? null : out;
}

const REFERENCE = /(&(?:#[0-9]{1,7}|#x[0-9a-f]{1,6}|[a-z][a-z0-9]{1,31});)/i;

/**
 * Text between tags and in plain attribute values: markup characters are escaped, a well-formed character
 * reference is kept as written, any other `&` becomes `&amp;`. A reference cannot make markup.
 */
function cleanText(s: string, escape: (s: string) => string = escapeText): string {
  return s
    .split(REFERENCE)
    .map((part, i) => (i % 2 === 1 ? part : escape(part)))
    .join('');
}

/** Links: site paths, anchors, http(s), mailto and tel. Images: site paths and http(s). */
function safeUrl(raw: string, forImage: boolean): string | null {
  const decoded = decodeEntities(raw);
  if (decoded === null) return null;
  // Browsers skip control characters, and tabs and newlines, inside an address ("java\tscript:").
  // eslint-disable-next-line no-control-regex
  const url = decoded.replace(/[\u0000-\u001f\u007f-\u009f]/g, '').trim();
  if (!url) return null;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url)?.[1]?.toLowerCase();
  if (scheme === undefined) {
    // A backslash reads as a slash ("/\evil.example" is another site): refused outright.
    if (url.includes('\\')) return null;
    // "//host/…" is another site without a scheme: allowed for links only.
    if (forImage && url.startsWith('//')) return null;
    return url;
  }
  const allowed = forImage ? ['http', 'https'] : ['http', 'https', 'mailto', 'tel'];
  return allowed.includes(scheme) ? url : null;
}

const NUMERIC_ATTRIBUTES = new Set(['width', 'height', 'colspan', 'rowspan']);

function cleanAttributes(tag: string, raw: string): string {
  const allowed = ALLOWED[tag] ?? [];
  const out: string[] = [];
  const seen = new Set<string>();
  let external = false;
  const re = /([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;
  for (const m of raw.matchAll(re)) {
    const name = m[1]!.toLowerCase();
    if (!allowed.includes(name) || seen.has(name)) continue;
    seen.add(name);
    const value = m[2] ?? m[3] ?? m[4] ?? '';
    let clean: string | null;
    if (name === 'href' || name === 'src') {
      const url = safeUrl(value, name === 'src');
      clean = url === null ? null : escapeAttr(url);
      if (name === 'href' && url !== null) external = /^(https?:)?\/\//i.test(url);
    } else if (NUMERIC_ATTRIBUTES.has(name)) {
      clean = /^\s*\d{1,4}\s*$/.test(value) ? value.trim() : null;
    } else if (name === 'scope') {
      clean = /^(row|col|rowgroup|colgroup)$/i.test(value) ? value.toLowerCase() : null;
    } else {
      clean = cleanText(value, escapeAttr);
    }
    if (clean !== null) out.push(` ${name}="${clean}"`);
  }
  // Links to other sites hand them neither this window (opener) nor the address, nor our ranking.
  if (tag === 'a' && external) out.push(' rel="noopener noreferrer nofollow"');
  return out.join('');
}

/** Cleans admin HTML down to the whitelist; the result is safe to insert into a page. */
export function sanitizeHtml(input: string | null | undefined): string {
  if (!input) return '';
  const html = input.replace(/\r\n?/g, '\n');
  const out: string[] = [];
  const open: string[] = [];
  let i = 0;
  const closeTo = (index: number) => {
    while (open.length > index) out.push(`</${open.pop()!}>`);
  };
  while (i < html.length) {
    const lt = html.indexOf('<', i);
    if (lt < 0) {
      out.push(cleanText(html.slice(i)));
      break;
    }
    if (lt > i) out.push(cleanText(html.slice(i, lt)));
    i = lt;
    // Comments, <!DOCTYPE>, <![CDATA[ and <? … > : dropped.
    if (html.startsWith('<!--', i)) {
      const end = html.indexOf('-->', i + 4);
      i = end < 0 ? html.length : end + 3;
      continue;
    }
    if (html[i + 1] === '!' || html[i + 1] === '?') {
      const end = html.indexOf('>', i);
      i = end < 0 ? html.length : end + 1;
      continue;
    }
    const tagMatch = /^<(\/?)([a-z][a-z0-9-]*)/i.exec(html.slice(i, i + 64));
    if (!tagMatch) {
      // A lone "<" is text.
      out.push('&lt;');
      i += 1;
      continue;
    }
    const closing = tagMatch[1] === '/';
    const name = tagMatch[2]!.toLowerCase();
    // The tag ends at the first ">" outside a quoted attribute value.
    const rest = /^(?:[^>"']|"[^"]*"|'[^']*')*>/.exec(html.slice(i + tagMatch[0].length));
    if (!rest) break; // An unterminated tag at the end: dropped with what follows.
    const attrs = rest[0].slice(0, -1);
    i += tagMatch[0].length + rest[0].length;

    if (DROP_WITH_CONTENT.has(name)) {
      if (closing) continue;
      const endRe = new RegExp(`</${name}(?:[\\s/][^>]*)?>`, 'i');
      const end = endRe.exec(html.slice(i));
      i = end ? i + end.index + end[0].length : html.length;
      continue;
    }
    if (!(name in ALLOWED)) continue; // Unknown tag: dropped, its text kept.
    if (closing) {
      const at = open.lastIndexOf(name);
      if (at >= 0) closeTo(at);
      continue;
    }
    // End tags HTML lets authors leave out ("<li>1<li>2", "<p>a<p>b"), closed here so that the nesting
    // the browser builds is the nesting written out.
    const implied = IMPLIED_END[name];
    if (implied) {
      for (let at = open.length - 1; at >= 0; at--) {
        const tag = open[at]!;
        if (implied.closes.includes(tag)) {
          closeTo(at);
          break;
        }
        if (implied.within.includes(tag)) break;
      }
    }
    out.push(`<${name}${cleanAttributes(name, attrs)}>`);
    if (!VOID.has(name)) open.push(name);
  }
  closeTo(0);
  return out.join('');
}
