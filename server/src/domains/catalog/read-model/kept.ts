// What is computed over the whole read model for one question (a search's matches and order, a filter
// combination's counts), kept while the model stays as it was: the same index at the same version
// (CatalogIndex.version counts its puts) with the same reference data. The questions last asked are kept, the
// oldest dropped first.
import type { CatalogIndex } from './catalog-index';
import type { ReferenceData } from './load';

export class KeptWhileUnchanged<K, T> {
  private readonly kept = new Map<
    K,
    { index: CatalogIndex; version: number; ref: ReferenceData; value: T }
  >();

  constructor(private readonly max: number) {}

  /** The value kept for `key` while the model is unchanged, else `compute`'s, kept from now. */
  get(key: K, index: CatalogIndex, ref: ReferenceData, compute: () => T): T {
    const hit = this.kept.get(key);
    this.kept.delete(key);
    const value =
      hit && hit.index === index && hit.version === index.version && hit.ref === ref ? hit.value : compute();
    this.kept.set(key, { index, version: index.version, ref, value });
    if (this.kept.size > this.max) this.kept.delete(this.kept.keys().next().value!);
    return value;
  }
}
