// CommerceML files read as a stream (saxes): the elements a step needs come out one by one as small trees,
// so a catalogue of 10 000 goods is never held as one document. Elements are matched by their local name
// (a file may have no namespace, urn:1C.ru:commerceml_2, _205 or _210, with or without a prefix); a UTF-8
// byte-order mark and Windows-1251 files (old 1C) are read too.
import { SaxesParser } from 'saxes';

export interface XmlNode {
  name: string;
  attrs: Record<string, string>;
  text: string;
  children: XmlNode[];
}

export type XmlEvent =
  | { kind: 'open'; path: string[]; attrs: Record<string, string> }
  | { kind: 'element'; path: string[]; node: XmlNode };

/** A file that is not well-formed XML: the reason in Russian, with the line. */
export class XmlFormatError extends Error {}

const localName = (name: string) => name.slice(name.indexOf(':') + 1);
/** Text per element, at most: a description longer than this is cut, never held whole. */
const MAX_TEXT = 200_000;
/** Elements opened (not collected) are reported down to this depth: the root and its sections' attributes. */
const OPEN_DEPTH = 3;

function encodingOf(head: Uint8Array): string {
  const start = new TextDecoder('latin1').decode(head.subarray(0, 200));
  const declared = /^(?:\uFEFF|ï»¿)?<\?xml[^>]*encoding=["']([^"']+)["']/i.exec(start)?.[1]?.toLowerCase();
  return declared === 'windows-1251' || declared === 'cp1251' ? 'windows-1251' : 'utf-8';
}

/**
 * The events of a file: `open` for the root and its sections (their attributes: СодержитТолькоИзменения),
 * `element` for each element `collect(path)` asks for, whole (what is inside it is not matched again).
 * Chunks are parsed as they come; what one chunk yields is given out before the next is read.
 */
export async function* xmlEvents(
  chunks: AsyncIterable<Uint8Array>,
  collect: (path: string[]) => boolean,
): AsyncGenerator<XmlEvent> {
  const parser = new SaxesParser({ xmlns: false, position: true });
  const path: string[] = [];
  const stack: XmlNode[] = [];
  let collecting = 0;
  let ready: XmlEvent[] = [];
  // The parser goes on after an error; the first one is what the file is refused for.
  const failures: string[] = [];
  parser.on('error', (e) => {
    failures.push(`строка ${parser.line}: ${e.message.replace(/^\d+:\d+: /, '')}`);
  });
  parser.on('opentag', (tag) => {
    const name = localName(tag.name);
    const attrs: Record<string, string> = {};
    for (const [k, v] of Object.entries(tag.attributes)) attrs[localName(k)] = String(v);
    path.push(name);
    if (stack.length) {
      const node: XmlNode = { name, attrs, text: '', children: [] };
      stack.at(-1)!.children.push(node);
      stack.push(node);
    } else if (collect(path)) {
      collecting = path.length;
      stack.push({ name, attrs, text: '', children: [] });
    } else if (path.length <= OPEN_DEPTH) ready.push({ kind: 'open', path: [...path], attrs });
  });
  const onText = (text: string) => {
    const node = stack.at(-1);
    if (node && node.text.length < MAX_TEXT) node.text += text;
  };
  parser.on('text', onText);
  parser.on('cdata', onText);
  parser.on('closetag', () => {
    if (stack.length) {
      const node = stack.pop()!;
      node.text = node.text.trim();
      if (path.length === collecting) {
        ready.push({ kind: 'element', path: [...path], node });
        collecting = 0;
      }
    }
    path.pop();
  });
  let decoder: TextDecoder | null = null;
  let sawRoot = false;
  for await (const chunk of chunks) {
    decoder ??= new TextDecoder(encodingOf(chunk));
    parser.write(decoder.decode(chunk, { stream: true }));
    if (failures.length) throw new XmlFormatError(`Файл не является правильным XML (${failures[0]})`);
    sawRoot ||= path.length > 0 || ready.length > 0;
    const out = ready;
    ready = [];
    yield* out;
  }
  if (decoder) parser.write(decoder.decode());
  parser.close();
  if (failures.length) throw new XmlFormatError(`Файл не является правильным XML (${failures[0]})`);
  if (!decoder || (!sawRoot && ready.length === 0)) throw new XmlFormatError('Файл пуст');
  yield* ready;
}

/** The first child of that local name. */
export const childOf = (node: XmlNode | undefined, name: string) =>
  node?.children.find((c) => c.name === name);
/** The children of that local name. */
export const childrenOf = (node: XmlNode | undefined, name: string) =>
  node?.children.filter((c) => c.name === name) ?? [];
/** The trimmed text of the first child of that local name, or '' without one. */
export const textOf = (node: XmlNode | undefined, name: string) => childOf(node, name)?.text ?? '';
/** Down a path of local names, the first match at each level. */
export const at = (node: XmlNode | undefined, ...names: string[]) =>
  names.reduce<XmlNode | undefined>((n, name) => childOf(n, name), node);
