// A set of small non-negative integers (the catalogue read model's product slots) as a bit array: an
// intersection of two sets of 100 000 products is 3 125 word operations, a count of one a few thousand more.
// The read model's sets all grow together with the number of slots (`ensure`), so binary operations assume
// equal lengths only up to the shorter one.

/** Bits set in a 32-bit word (the classic SWAR count: no table, no loop). */
function bitsIn(word: number): number {
  let v = word - ((word >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

export class Bitset {
  words: Uint32Array;

  constructor(size = 0) {
    this.words = new Uint32Array(Math.ceil(size / 32));
  }

  /** A set of `size` slots holding these. */
  static of(size: number, slots: Iterable<number>): Bitset {
    const set = new Bitset(size);
    for (const slot of slots) set.add(slot);
    return set;
  }

  /** Room for slots below `size` (new slots are absent). */
  ensure(size: number): void {
    const need = Math.ceil(size / 32);
    if (need <= this.words.length) return;
    const grown = new Uint32Array(Math.max(need, this.words.length * 2));
    grown.set(this.words);
    this.words = grown;
  }

  add(slot: number): void {
    this.ensure(slot + 1);
    this.words[slot >>> 5]! |= 1 << (slot & 31);
  }

  delete(slot: number): void {
    const i = slot >>> 5;
    if (i < this.words.length) this.words[i]! &= ~(1 << (slot & 31));
  }

  has(slot: number): boolean {
    const i = slot >>> 5;
    return i < this.words.length && (this.words[i]! & (1 << (slot & 31))) !== 0;
  }

  /** A copy of this set, of at least `size` slots. */
  clone(size = 0): Bitset {
    const copy = new Bitset(Math.max(size, this.words.length * 32));
    copy.words.set(this.words);
    return copy;
  }

  /** Keeps only what `other` has too. */
  and(other: Bitset): this {
    const a = this.words;
    const b = other.words;
    const n = Math.min(a.length, b.length);
    for (let i = 0; i < n; i++) a[i]! &= b[i]!;
    a.fill(0, n);
    return this;
  }

  /** Adds what `other` has. */
  or(other: Bitset): this {
    this.ensure(other.words.length * 32);
    const a = this.words;
    const b = other.words;
    for (let i = 0; i < b.length; i++) a[i]! |= b[i]!;
    return this;
  }

  /** How many slots are in the set. */
  count(): number {
    let n = 0;
    for (const w of this.words) if (w) n += bitsIn(w);
    return n;
  }

  /** How many slots both sets have, without making their intersection. */
  countAnd(other: Bitset): number {
    const a = this.words;
    const b = other.words;
    const len = Math.min(a.length, b.length);
    let n = 0;
    for (let i = 0; i < len; i++) {
      const w = a[i]! & b[i]!;
      if (w) n += bitsIn(w);
    }
    return n;
  }

  /** Whether the sets share a slot. */
  intersects(other: Bitset): boolean {
    const a = this.words;
    const b = other.words;
    const len = Math.min(a.length, b.length);
    for (let i = 0; i < len; i++) if (a[i]! & b[i]!) return true;
    return false;
  }

  /** Calls `visit` for every slot in the set, in ascending order. */
  forEach(visit: (slot: number) => void): void {
    const words = this.words;
    for (let i = 0; i < words.length; i++) {
      let w = words[i]!;
      while (w) {
        const low = w & -w;
        visit((i << 5) + 31 - Math.clz32(low));
        w ^= low;
      }
    }
  }

  /** Drops every slot `keep` refuses. */
  filter(keep: (slot: number) => boolean): this {
    this.forEach((slot) => {
      if (!keep(slot)) this.delete(slot);
    });
    return this;
  }
}
