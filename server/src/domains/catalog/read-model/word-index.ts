// The search documents in the read model: per product slot, the lexemes its search document has outside
// the descriptions and the articles (title, brand, characteristics, categories: what products.search_vector
// holds with weights A–C, articles aside) with the notation keys of its variants ('=0.07/11/d'), and its ranking
// document (products.search_title's words, packed), so that a search whose words are all there is answered
// from memory (read-model/search.ts). The notation keys are sets rather than part of each ranking document:
// a product has a dozen, a few hundred differ in a whole catalogue. Per lexeme, the slots having it:
// a plain list while few products have it, a bitset once many do (a bitset of 100 000 slots is 12.5 kB, the
// size of a list of about 3 000).
import { Bitset } from './bitset';
import { PackedHeap } from './packed-heap';
import { compareLexemes, parseTsvector, type TsDocument } from '../search/ts-rank';

export class WordIndex {
  private readonly idOf = new Map<string, number>();
  private readonly lexemes: string[] = [];
  /** Per lexeme id: the slots having it. */
  private readonly slots: (number[] | Bitset)[] = [];
  /** Lexeme ids in the lexemes' order, for the beginnings; rebuilt after a new lexeme comes. */
  private sorted: Int32Array | null = null;
  /**
   * Per slot: [number of lexemes, 1 with a ranking document (else 0), the lexemes' ids, then the ranking
   * document packed (ts-rank.ts TsDocument), its lexemes interned here too].
   */
  private readonly documents = new PackedHeap();
  private readonly internLexeme = (lexeme: string) => this.intern(lexeme);

  /**
   * Puts a slot's documents in (the slot is empty: `clear` first): the lexemes of its search document
   * (`words`) and its ranking document as PostgreSQL prints it (`title`, notation keys included).
   */
  put(slot: number, words: readonly string[], title: string | null, size: number): void {
    const ids = words.map((w) => this.intern(w));
    // The notation keys of the ranking document are sets, like the words (see above).
    const doc = parseTsvector(title, this.internLexeme, this.lexemes, (lexeme) => {
      if (!lexeme.startsWith('=')) return false;
      ids.push(this.intern(lexeme));
      return true;
    });
    let at = this.documents.allocate(slot, 2 + ids.length + (doc?.data.length ?? 0));
    const data = this.documents.data;
    data[at++] = ids.length;
    data[at++] = doc ? 1 : 0;
    data.set(ids, at);
    if (doc) data.set(doc.data, at + ids.length);
    for (const id of ids) {
      const list = this.slots[id]!;
      if (list instanceof Bitset) list.add(slot);
      else if (list.length < Math.max(64, size >>> 5)) list.push(slot);
      else this.slots[id] = Bitset.of(size, [...list, slot]);
    }
  }

  clear(slot: number): void {
    const data = this.documents.data;
    const at = this.documents.start[slot] ?? 0;
    const n = (this.documents.length[slot] ?? 0) > 0 ? data[at]! : 0;
    for (let i = at + 2; i < at + 2 + n; i++) {
      const list = this.slots[data[i]!]!;
      if (list instanceof Bitset) list.delete(slot);
      else {
        const found = list.indexOf(slot);
        if (found >= 0) {
          list[found] = list[list.length - 1]!;
          list.pop();
        }
      }
    }
    this.documents.release(slot);
  }

  /** Every lexeme, by id (what the ranking documents' ids point at). */
  dictionary(): readonly string[] {
    return this.lexemes;
  }

  /** The ranking document of a slot (null: the product has none). */
  title(slot: number): TsDocument | null {
    if (!this.documents.length[slot]) return null;
    const data = this.documents.data;
    const at = this.documents.start[slot]!;
    return data[at + 1] ? { data, base: at + 2 + data[at]!, lexemes: this.lexemes } : null;
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

  /** Bytes of the lists, the sets and the documents' arrays. */
  bytes(): number {
    let n = 0;
    for (const list of this.slots) n += list instanceof Bitset ? list.words.byteLength : list.length * 8;
    return n + this.documents.bytes();
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
