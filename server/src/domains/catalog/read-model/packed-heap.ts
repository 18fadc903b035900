// Per-slot runs of integers packed in one growing array: the read model keeps a few dozen numbers per product
// (its offers, its search document), and a typed array of its own per product would cost more in V8's
// bookkeeping (about 150 bytes each) than its numbers. A replaced run is left as garbage until garbage is
// half of the array, then the runs are moved together.

export class PackedHeap {
  data = new Int32Array(16_384);
  /** Per slot: where its run starts in `data`, and its length (0: none). */
  start = new Int32Array(1024);
  length = new Int32Array(1024);
  private used = 0;
  private garbage = 0;

  /** Room for `n` numbers as the run of `slot` (its earlier run dropped); where they start in `data`. */
  allocate(slot: number, n: number): number {
    this.release(slot);
    this.grow(slot + 1);
    if (this.used + n > this.data.length) {
      if (this.garbage * 2 > this.used) this.compact();
      if (this.used + n > this.data.length) {
        const grown = new Int32Array(Math.max(this.data.length * 2, this.used + n));
        grown.set(this.data.subarray(0, this.used));
        this.data = grown;
      }
    }
    const at = this.used;
    this.used += n;
    this.start[slot] = at;
    this.length[slot] = n;
    return at;
  }

  /** Drops the run of `slot`. */
  release(slot: number): void {
    if (slot >= this.length.length) return;
    this.garbage += this.length[slot]!;
    this.length[slot] = 0;
  }

  bytes(): number {
    return this.data.byteLength + this.start.byteLength + this.length.byteLength;
  }

  private grow(size: number): void {
    if (size <= this.start.length) return;
    const n = Math.max(size, this.start.length * 2);
    const start = new Int32Array(n);
    start.set(this.start);
    const length = new Int32Array(n);
    length.set(this.length);
    this.start = start;
    this.length = length;
  }

  /** Moves every run together, dropping the replaced ones. */
  private compact(): void {
    const data = new Int32Array(Math.max(16_384, (this.used - this.garbage) * 2));
    let at = 0;
    for (let slot = 0; slot < this.length.length; slot++) {
      const n = this.length[slot]!;
      if (!n) continue;
      const from = this.start[slot]!;
      data.set(this.data.subarray(from, from + n), at);
      this.start[slot] = at;
      at += n;
    }
    this.data = data;
    this.used = at;
    this.garbage = 0;
  }
}
