// The admin's rich text, already cleaned by sanitizeHtml (a whitelist of tags, every tag closed, text
// escaped), as pdfmake content: headings, paragraphs, lists, quotes, tables, bold, italics and links.
// Images are left out: a policy is text.
import { DomUtils, parseDocument } from 'htmlparser2';
import type { Content, ContentText, TableCell } from 'pdfmake/interfaces';

/** A node of htmlparser2's tree: elements and text are read, anything else (comments) is skipped. */
type Node = ReturnType<typeof parseDocument>['children'][number];
type Element = Extract<Node, { attribs: unknown }>;

const isElement = (n: Node): n is Element => DomUtils.isTag(n);
const isTag = (n: Node, ...names: string[]): n is Element => isElement(n) && names.includes(n.name);

type Inline = string | ContentText;
const BLOCKS = new Set(['p', 'h2', 'h3', 'h4', 'ul', 'ol', 'li', 'blockquote', 'table']);
const isBlock = (n: Node): n is Element => isElement(n) && BLOCKS.has(n.name);

function inlines(children: Node[], marks: Omit<ContentText, 'text'> = {}): Inline[] {
  const out: Inline[] = [];
  for (const child of children) {
    if (DomUtils.isText(child)) {
      const text = child.data.replace(/\s+/g, ' ');
      out.push(Object.keys(marks).length ? { text, ...marks } : text);
    } else if (!isElement(child) || child.name === 'img') continue;
    else if (child.name === 'br') out.push('\n');
    else if (child.name === 'strong' || child.name === 'b')
      out.push(...inlines(child.children, { ...marks, bold: true }));
    else if (child.name === 'em' || child.name === 'i')
      out.push(...inlines(child.children, { ...marks, italics: true }));
    else if (child.name === 'a' && /^(https?:|mailto:|tel:)/.test(child.attribs.href ?? ''))
      out.push(
        ...inlines(child.children, {
          ...marks,
          link: child.attribs.href,
          color: '#1a5fb4',
          decoration: 'underline',
        }),
      );
    else out.push(...inlines(child.children, marks));
  }
  return out;
}

/** Inline runs always carry a string (inlines() makes them so); a run of spaces alone makes no paragraph. */
const hasText = (parts: Inline[]) =>
  parts.some((p) => (typeof p === 'string' ? p : typeof p.text === 'string' ? p.text : '').trim());

function listItem(li: Element): Content {
  const text = inlines(li.children.filter((c) => !isBlock(c)));
  const nested = blocks(li.children.filter(isBlock));
  return nested.length ? { stack: [{ text }, ...nested] } : { text };
}

function tableOf(table: Element): Content | null {
  const rows = DomUtils.findAll((n) => n.name === 'tr', table.children);
  const body: TableCell[][] = rows.map((tr) =>
    tr.children
      .filter((c) => isTag(c, 'td', 'th'))
      .map((cell) => ({ text: inlines(cell.children), bold: cell.name === 'th' })),
  );
  const width = Math.max(0, ...body.map((r) => r.length));
  if (!width) return null;
  for (const row of body) while (row.length < width) row.push('');
  return { table: { headerRows: 0, widths: Array(width).fill('*'), body }, margin: [0, 4, 0, 8] };
}

/** Block-level content; loose text between blocks becomes a paragraph of its own. */
function blocks(children: Node[]): Content[] {
  const out: Content[] = [];
  let loose: Node[] = [];
  const flush = () => {
    const text = inlines(loose);
    if (hasText(text)) out.push({ text, style: 'p' });
    loose = [];
  };
  for (const child of children) {
    if (!isBlock(child)) {
      loose.push(child);
      continue;
    }
    flush();
    if (child.name === 'ul' || child.name === 'ol') {
      const items = child.children.filter((c) => isTag(c, 'li')).map(listItem);
      out.push(
        child.name === 'ul' ? { ul: items, margin: [0, 0, 0, 6] } : { ol: items, margin: [0, 0, 0, 6] },
      );
    } else if (child.name === 'blockquote') {
      out.push({ stack: blocks(child.children), margin: [16, 0, 0, 6], italics: true });
    } else if (child.name === 'table') {
      const table = tableOf(child);
      if (table) out.push(table);
    } else {
      const text = inlines(child.children);
      if (hasText(text)) out.push({ text, style: child.name === 'li' ? 'p' : child.name });
    }
  }
  flush();
  return out;
}

/** The clean HTML parsed by htmlparser2 (entities decoded there), as pdfmake blocks. */
export function htmlToPdfContent(cleanHtml: string): Content[] {
  return blocks(parseDocument(cleanHtml).children);
}
