// The admin's rich text, already cleaned by sanitizeHtml (a whitelist of tags, every tag closed, text
// escaped), as pdfmake content: headings, paragraphs, lists, quotes, tables, bold, italics and links.
// Images are left out: a policy is text.
import type { Content, ContentText, TableCell } from 'pdfmake/interfaces';

interface Node {
  tag: string;
  href?: string;
  children: (Node | string)[];
}

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  '#39': "'",
  nbsp: '\u00a0',
};
const decode = (s: string) =>
  s.replace(
    /&(amp|lt|gt|quot|#39|nbsp|#(\d+)|#x([0-9a-f]+));/gi,
    (m, name: string, dec?: string, hex?: string) =>
      dec
        ? String.fromCodePoint(Number(dec))
        : hex
          ? String.fromCodePoint(parseInt(hex, 16))
          : (ENTITIES[name.toLowerCase()] ?? m),
  );

/** sanitizeHtml's output as a tree (it is well formed, so a stack is enough). */
export function parseCleanHtml(html: string): Node {
  const root: Node = { tag: 'root', children: [] };
  const stack = [root];
  const token = /<(\/?)([a-z0-9]+)([^>]*)>|([^<]+)/gi;
  for (let m = token.exec(html); m; m = token.exec(html)) {
    const top = stack[stack.length - 1]!;
    if (m[4] !== undefined) {
      top.children.push(decode(m[4]));
    } else if (m[1]) {
      if (stack.length > 1 && top.tag === m[2]!.toLowerCase()) stack.pop();
    } else {
      const tag = m[2]!.toLowerCase();
      const href = /href="([^"]*)"/.exec(m[3] ?? '')?.[1];
      const node: Node = { tag, children: [], ...(href ? { href: decode(href) } : {}) };
      top.children.push(node);
      if (tag !== 'br' && tag !== 'img') stack.push(node);
    }
  }
  return root;
}

type Inline = string | ContentText;
const BLOCKS = new Set(['p', 'h2', 'h3', 'h4', 'ul', 'ol', 'li', 'blockquote', 'table']);

function inlines(children: (Node | string)[], marks: Omit<ContentText, 'text'> = {}): Inline[] {
  const out: Inline[] = [];
  for (const child of children) {
    if (typeof child === 'string') {
      const text = child.replace(/\s+/g, ' ');
      out.push(Object.keys(marks).length ? { text, ...marks } : text);
    } else if (child.tag === 'br') out.push('\n');
    else if (child.tag === 'strong' || child.tag === 'b')
      out.push(...inlines(child.children, { ...marks, bold: true }));
    else if (child.tag === 'em' || child.tag === 'i')
      out.push(...inlines(child.children, { ...marks, italics: true }));
    else if (child.tag === 'a' && child.href && /^(https?:|mailto:|tel:)/.test(child.href))
      out.push(
        ...inlines(child.children, { ...marks, link: child.href, color: '#1a5fb4', decoration: 'underline' }),
      );
    else if (child.tag !== 'img') out.push(...inlines(child.children, marks));
  }
  return out;
}

/** Inline runs always carry a string (inlines() makes them so); a run of spaces alone makes no paragraph. */
const hasText = (parts: Inline[]) =>
  parts.some((p) => (typeof p === 'string' ? p : typeof p.text === 'string' ? p.text : '').trim());

function listItem(li: Node): Content {
  const text = inlines(li.children.filter((c) => typeof c === 'string' || !BLOCKS.has(c.tag)));
  const nested = blocks(li.children.filter((c): c is Node => typeof c !== 'string' && BLOCKS.has(c.tag)));
  return nested.length ? { stack: [{ text }, ...nested] } : { text };
}

function tableOf(table: Node): Content | null {
  const rows: Node[] = [];
  const collect = (n: Node) =>
    n.children.forEach((c) => typeof c !== 'string' && (c.tag === 'tr' ? rows.push(c) : collect(c)));
  collect(table);
  const body: TableCell[][] = rows.map((tr) =>
    tr.children
      .filter((c): c is Node => typeof c !== 'string' && (c.tag === 'td' || c.tag === 'th'))
      .map((cell) => ({ text: inlines(cell.children), bold: cell.tag === 'th' })),
  );
  const width = Math.max(0, ...body.map((r) => r.length));
  if (!width) return null;
  for (const row of body) while (row.length < width) row.push('');
  return { table: { headerRows: 0, widths: Array(width).fill('*'), body }, margin: [0, 4, 0, 8] };
}

/** Block-level content; loose text between blocks becomes a paragraph of its own. */
export function blocks(children: (Node | string)[]): Content[] {
  const out: Content[] = [];
  let loose: (Node | string)[] = [];
  const flush = () => {
    const text = inlines(loose);
    if (hasText(text)) out.push({ text, style: 'p' });
    loose = [];
  };
  for (const child of children) {
    if (typeof child === 'string' || !BLOCKS.has(child.tag)) {
      loose.push(child);
      continue;
    }
    flush();
    if (child.tag === 'ul' || child.tag === 'ol') {
      const items = child.children
        .filter((c): c is Node => typeof c !== 'string' && c.tag === 'li')
        .map(listItem);
      out.push(
        child.tag === 'ul' ? { ul: items, margin: [0, 0, 0, 6] } : { ol: items, margin: [0, 0, 0, 6] },
      );
    } else if (child.tag === 'blockquote') {
      out.push({ stack: blocks(child.children), margin: [16, 0, 0, 6], italics: true });
    } else if (child.tag === 'table') {
      const table = tableOf(child);
      if (table) out.push(table);
    } else {
      const text = inlines(child.children);
      if (hasText(text)) out.push({ text, style: child.tag === 'li' ? 'p' : child.tag });
    }
  }
  flush();
  return out;
}

export function htmlToPdfContent(cleanHtml: string): Content[] {
  return blocks(parseCleanHtml(cleanHtml).children);
}
