// Template texts name their variables in double braces: {{customerName}}. Rendering fills them in; in an
// e-mail body the values are HTML-escaped unless the variable is declared as ready HTML (a table of order
// items), so a customer's name can never inject markup into a letter. Escaping depends on where the
// variable stands in the HTML (variableUses): inside a quoted attribute or text the usual escapes are enough,
// while a variable in an unquoted attribute value or inside a tag gets every sign but letters and digits
// escaped, so that no space, = or > of a value can start another attribute or tag.

const VARIABLE = /\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g;

/** The variable names a text uses, each once, in order of first use. */
export function templateVariables(...texts: (string | null | undefined)[]): string[] {
  const names = new Set<string>();
  for (const text of texts) for (const m of (text ?? '').matchAll(VARIABLE)) names.add(m[1]!);
  return [...names];
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
  // Old browsers ended an attribute value at a backtick; escaped, it is only a sign.
  '`': '&#96;',
};
export const escapeHtml = (s: string) => s.replace(/[&<>"'`]/g, (c) => HTML_ESCAPES[c]!);

/** Every ASCII sign but letters and digits as a character reference: safe even where nothing quotes it. */
const escapeStrict = (s: string) =>
  s.replace(/[^A-Za-z0-9\u0080-\uffff]/g, (c) => `&#x${c.charCodeAt(0).toString(16)};`);

/** Where a variable stands in an HTML text, as an HTML parser (a mail client's) reads it. */
export type VariableContext =
  /** Between tags: shown as text. */
  | { kind: 'text' }
  /** Inside an element whose content is not parsed as HTML (style, script, textarea, title…). */
  | { kind: 'raw'; tag: string }
  /** Inside a comment, a doctype or CDATA. */
  | { kind: 'comment' }
  /** In an attribute's value; `whole` when the value is nothing but the variable (spaces around aside). */
  | {
      kind: 'attribute';
      tag: string;
      name: string;
      quoted: boolean;
      whole: boolean;
      /** Every attribute name of the tag, in order. */
      attributes: string[];
      /** In an end tag (`</a href="…">`): parsers drop its attributes, so the value goes nowhere. */
      endTag: boolean;
    }
  /** Inside a tag but outside any attribute value: its name, an attribute's name. */
  | { kind: 'tag'; tag: string };

export interface VariableUse {
  name: string;
  /** Offset of the opening braces in the text. */
  start: number;
  context: VariableContext;
}

/** Elements whose content a parser takes as text up to their own end tag (noscript: as in a browser). */
const RAW_TEXT = new Set([
  'script',
  'style',
  'textarea',
  'title',
  'xmp',
  'iframe',
  'noembed',
  'noframes',
  'noscript',
  'plaintext',
]);
const SPACE = /[\t\n\f\r ]/;
const WHOLE_VARIABLE = new RegExp(`^${VARIABLE.source}$`);

interface Region {
  start: number;
  end: number;
  context: VariableContext;
}

/**
 * Splits an HTML text into regions by how a parser reads them: text, raw text, comments, tags and attribute
 * values. The variables are masked first with letters of their own length, so that a variable reads as a
 * word wherever it stands (`<{{x}}` opens a tag, as it would once filled in) and offsets stay the same.
 */
function regionsOf(source: string): Region[] {
  const text = source.replace(VARIABLE, (m) => 'v'.repeat(m.length));
  const n = text.length;
  const regions: Region[] = [];
  const add = (start: number, end: number, context: VariableContext) => {
    if (end > start) regions.push({ start, end, context });
  };
  let i = 0;
  while (i < n) {
    const lt = text.indexOf('<', i);
    if (lt < 0) {
      add(i, n, { kind: 'text' });
      break;
    }
    add(i, lt, { kind: 'text' });
    // Comments: <!-- … -->, and the abrupt <!--> and <!--->.
    if (text.startsWith('<!--', lt)) {
      let end: number;
      if (text.startsWith('<!-->', lt)) end = lt + 5;
      else if (text.startsWith('<!--->', lt)) end = lt + 6;
      else {
        const closes = [text.indexOf('-->', lt + 4), text.indexOf('--!>', lt + 4)].filter((x) => x >= 0);
        const close = closes.length ? Math.min(...closes) : -1;
        end = close < 0 ? n : close + (text.startsWith('-->', close) ? 3 : 4);
      }
      add(lt, end, { kind: 'comment' });
      i = end;
      continue;
    }
    const next = text[lt + 1];
    // Doctype, processing instructions, CDATA (in SVG up to ]]>, elsewhere up to >: the longer is taken).
    if (next === '!' || next === '?') {
      const cdata = text.startsWith('<![CDATA[', lt);
      const close = cdata ? text.indexOf(']]>', lt) : text.indexOf('>', lt);
      const end = close < 0 ? n : close + (cdata ? 3 : 1);
      add(lt, end, { kind: 'comment' });
      i = end;
      continue;
    }
    const closing = next === '/';
    const nameStart = lt + (closing ? 2 : 1);
    if (!/[A-Za-z]/.test(text[nameStart] ?? '')) {
      if (closing) {
        // "</>" is dropped, "</ x>" is a bogus comment.
        const close = text.indexOf('>', lt);
        const end = close < 0 ? n : close + 1;
        add(lt, end, { kind: 'comment' });
        i = end;
      } else {
        // A "<" that opens nothing is text.
        add(lt, lt + 1, { kind: 'text' });
        i = lt + 1;
      }
      continue;
    }
    let j = nameStart;
    while (j < n && !SPACE.test(text[j]!) && text[j] !== '/' && text[j] !== '>') j++;
    const tag = text.slice(nameStart, j).toLowerCase();
    add(lt, j, { kind: 'tag', tag });
    const attributes: string[] = [];
    while (j < n) {
      const gapStart = j;
      while (j < n && (SPACE.test(text[j]!) || text[j] === '/')) j++;
      add(gapStart, j, { kind: 'tag', tag });
      if (j >= n) break;
      if (text[j] === '>') {
        j++;
        break;
      }
      // An attribute's name: a leading "=" belongs to it, as in the HTML standard.
      const nameFrom = j;
      j++;
      while (j < n && !SPACE.test(text[j]!) && text[j] !== '/' && text[j] !== '>' && text[j] !== '=') j++;
      const name = text.slice(nameFrom, j).toLowerCase();
      attributes.push(name);
      add(nameFrom, j, { kind: 'tag', tag });
      let k = j;
      while (k < n && SPACE.test(text[k]!)) k++;
      if (text[k] !== '=') continue;
      k++;
      while (k < n && SPACE.test(text[k]!)) k++;
      add(j, k, { kind: 'tag', tag });
      const quote = text[k];
      let from: number;
      let to: number;
      if (quote === '"' || quote === "'") {
        from = k + 1;
        const close = text.indexOf(quote, from);
        to = close < 0 ? n : close;
        j = close < 0 ? n : close + 1;
      } else {
        from = k;
        to = k;
        while (to < n && !SPACE.test(text[to]!) && text[to] !== '>') to++;
        j = to;
      }
      const whole = WHOLE_VARIABLE.test(source.slice(from, to).trim());
      const context = {
        kind: 'attribute' as const,
        tag,
        name,
        quoted: quote === '"' || quote === "'",
        whole,
        attributes,
        endTag: closing,
      };
      add(from, to, context);
    }
    i = j;
    if (!closing && RAW_TEXT.has(tag)) {
      const end = tag === 'plaintext' ? n : rawTextEnd(text, i, tag);
      add(i, end, { kind: 'raw', tag });
      i = end;
    }
  }
  return regions;
}

/** Where the raw text of `tag` ends: at its end tag (any case), or at the end of the text. */
function rawTextEnd(text: string, from: number, tag: string): number {
  const lower = text.toLowerCase();
  let at = from;
  for (;;) {
    const close = lower.indexOf(`</${tag}`, at);
    if (close < 0) return text.length;
    const after = text[close + 2 + tag.length];
    if (after === undefined || after === '>' || after === '/' || SPACE.test(after)) return close;
    at = close + 1;
  }
}

/** Every variable of an HTML text with the place it stands in, in order. */
export function variableUses(html: string): VariableUse[] {
  const regions = regionsOf(html);
  const uses: VariableUse[] = [];
  let r = 0;
  for (const m of html.matchAll(VARIABLE)) {
    const start = m.index;
    while (r < regions.length - 1 && regions[r]!.end <= start) r++;
    const region = regions[r];
    const context: VariableContext =
      region && region.start <= start && start < region.end ? region.context : { kind: 'text' };
    uses.push({ name: m[1]!, start, context });
  }
  return uses;
}

// A mailing renders one template for every recipient: the places of its variables are found once.
const usesCache = new Map<string, Map<number, VariableContext>>();
function contextsOf(html: string): Map<number, VariableContext> {
  let found = usesCache.get(html);
  if (!found) {
    found = new Map(variableUses(html).map((u) => [u.start, u.context]));
    if (usesCache.size >= 50) usesCache.delete(usesCache.keys().next().value!);
    usesCache.set(html, found);
  }
  return found;
}

export type TemplateValues = Record<string, string | number | null | undefined>;

export interface RenderOptions {
  /** Escape values for HTML (e-mail bodies); subjects and SMS are plain text. */
  html?: boolean;
  /** Variables whose values are already HTML and go in as they are. */
  rawHtml?: readonly string[];
}

/** Fills the variables in; a variable without a value becomes an empty string. */
export function renderTemplate(text: string, values: TemplateValues, opts: RenderOptions = {}): string {
  const contexts = opts.html ? contextsOf(text) : null;
  return text.replace(VARIABLE, (_, name: string, offset: number) => {
    const v = values[name];
    const s = v === null || v === undefined ? '' : String(v);
    if (!contexts || opts.rawHtml?.includes(name)) return s;
    const context = contexts.get(offset);
    const bare = context?.kind === 'tag' || (context?.kind === 'attribute' && !context.quoted);
    return bare ? escapeStrict(s) : escapeHtml(s);
  });
}
