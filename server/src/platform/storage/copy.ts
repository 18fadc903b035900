// Copies an uploads folder into another store (the bucket, when a shop moves from UPLOADS_DIR to S3): the
// pictures, and their /img variants unless asked not to, so the first visitors need no sharp run. Idempotent:
// a file already in the store with the same size is left alone, so an interrupted copy is run again.
import { VARIANTS_PREFIX } from './keys';
import { localDiskStorage } from './local-disk';
import type { FileStorage } from './types';

export interface CopyResult {
  copied: number;
  bytes: number;
  /** Already in the store with the same size. */
  skipped: number;
}

/** Files copied at once: a bucket answers each PUT in tens of milliseconds, a few overlap well. */
const POOL = 4;

export async function copyFolder(
  from: string,
  target: FileStorage,
  opts: { variants: boolean; onCopied?: (key: string, size: number) => void },
): Promise<CopyResult> {
  const source = localDiskStorage(from);
  const there = new Map<string, number>();
  for await (const file of target.list('')) there.set(file.key, file.size);
  const files: { key: string; size: number }[] = [];
  for await (const file of source.list('')) {
    const variant = file.key.startsWith(VARIANTS_PREFIX);
    if (variant && !opts.variants) continue;
    files.push(file);
  }
  // The originals before the variants: /img makes a variant again when it is older than its original.
  const originals = files.filter((f) => !f.key.startsWith(VARIANTS_PREFIX));
  const variants = files.filter((f) => f.key.startsWith(VARIANTS_PREFIX));
  const result: CopyResult = { copied: 0, bytes: 0, skipped: 0 };
  for (const batch of [originals, variants]) {
    let next = 0;
    const worker = async () => {
      while (next < batch.length) {
        const file = batch[next++]!;
        if (there.get(file.key) === file.size) {
          result.skipped += 1;
          continue;
        }
        const data = await source.read(file.key);
        if (!data) continue; // removed while the copy ran
        await target.put(file.key, data);
        result.copied += 1;
        result.bytes += data.length;
        opts.onCopied?.(file.key, data.length);
      }
    };
    await Promise.all(Array.from({ length: POOL }, worker));
  }
  return result;
}
