// The search documents in the read model: per product slot, the lexemes its search document has outside
// the descriptions and the articles (title, brand, characteristics, categories: what products.search_vector
// holds with weights A–C, articles aside), and its ranking document (products.search_title), so that a search
// whose words are all there is answered from memory (read-model/search.ts). Per lexeme, the slots having it:
// a plain list while few products have it, a bitset once many do (a bitset of 100 000 slots is 12.5 kB, the
// size of a list of about 3 000).
import { Bitset } from './bitset';
import { compareLexemes, parseTsvector, type TsDocument } from '../search/ts-rank';

export class WordIndex {
  private readonly idOf = new Map<string, number>();
  private readonly lexemes: string[] = [];
  /** Per lexeme id: the slots having it. */
  private readonly slots: (number[] | Bitset)[] = [];
  /** Lexeme ids in the lexemes' order, for the beginnings; rebuilt after a new lexeme comes. */
  private sorted: Int32Array | null = null;
  /** Per slot: its lexeme ids, and its ranking document. */
  private readonly wordsOf: (Int32Array | undefined)[] = [];
  private readonly titles: (TsDocument | null | undefined)[] = [];

  /** Puts a slot's document in (the slot is empty: `clear` first). */
  put(slot: number, words: readonly string[], title: string | null, size: number): void {
    const ids = new Int32Array(words.length);
    for (let i = 0; i < words.length; i++) {
      const id = this.intern(words[i]!);
      ids[i] = id;
      const list = this.slots[id]!;
      if (list instanceof Bitset) list.add(slot);
      else if (list.length < Math.max(64, size >>> 5)) list.push(slot);
      else this.slots[id] = Bitset.of(size, [...list, slot]);
    }
    this.wordsOf[slot] = ids;
    this.titles[slot] = parseTsvector(title);
  }

  clear(slot: number): void {
    for (const id of this.wordsOf[slot] ?? []) {
      const list = this.slots[id]!;
      if (list instanceof Bitset) list.delete(slot);
      else {
        const at = list.indexOf(slot);
        if (at >= 0) {
          list[at] = list[list.length - 1]!;
          list.pop();
        }
      }
    }
    this.wordsOf[slot] = undefined;
    this.titles[slot] = undefined;
  }

  /** The ranking document of a slot (null: the product has none). */
  title(slot: number): TsDocument | null {
    return this.titles[slot] ?? null;
  }

  /** The slots having `lexeme`, or, as a beginning, any lexeme starting with it, added to `into`. */
  find(lexeme: string, prefix: boolean, into: Bitset): Bitset {
    if (!prefix) {
      const id = this.idOf.get(lexeme);
      if (id !== undefined) this.addSlots(id, into);
      return into;
    }
    const sorted = this.sortedIds();
    let lo = 0;
    let hi = sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.lexemes[sorted[mid]!]! < lexeme) lo = mid + 1;
      else hi = mid;
    }
    for (let i = lo; i < sorted.length && this.lexemes[sorted[i]!]!.startsWith(lexeme); i++)
      this.addSlots(sorted[i]!, into);
    return into;
  }

  /** Bytes of the lists and sets (the documents' arrays aside). */
  bytes(): number {
    let n = 0;
    for (const list of this.slots) n += list instanceof Bitset ? list.words.byteLength : list.length * 8;
    for (const ids of this.wordsOf) n += ids?.byteLength ?? 0;
    return n;
  }

  private addSlots(id: number, into: Bitset): void {
    const list = this.slots[id]!;
    if (list instanceof Bitset) into.or(list);
    else for (const slot of list) into.add(slot);
  }

  private intern(lexeme: string): number {
    let id = this.idOf.get(lexeme);
    if (id === undefined) {
      id = this.lexemes.length;
      this.idOf.set(lexeme, id);
      this.lexemes.push(lexeme);
      this.slots.push([]);
      this.sorted = null;
    }
    return id;
  }

  private sortedIds(): Int32Array {
    if (!this.sorted) {
      const ids = Array.from(this.lexemes.keys());
      ids.sort((a, b) => compareLexemes(this.lexemes[a]!, this.lexemes[b]!));
      this.sorted = Int32Array.from(ids);
    }
    return this.sorted;
  }
}
