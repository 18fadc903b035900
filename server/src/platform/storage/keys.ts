// The keys a store accepts, the same for every store: relative paths of plain segments. Uploads and the demo
// pictures have public keys (served at /uploads/<key>); the /img variants live under ".variants/", which
// /uploads/ never serves and no upload can be named, and the files of 1C exchanges under ".exchange1c/".
import { extname } from 'node:path';

export const VARIANTS_PREFIX = '.variants/';
/** The files 1C sends in an exchange (flows/exchange1c): kept for a while, never served. */
export const EXCHANGE_PREFIX = '.exchange1c/';

/** A public key: never absolute, hidden (".variants") or climbing out. */
export function isSafeKey(key: string): boolean {
  if (!key || key.length > 300 || key.includes('\\') || key.includes('\0')) return false;
  return key.split('/').every((part) => part !== '' && !part.startsWith('.'));
}

/** A key a store may hold: a public one, or one under a private prefix (image variants, 1C's files). */
export function isStorageKey(key: string): boolean {
  const prefix = [VARIANTS_PREFIX, EXCHANGE_PREFIX].find((p) => key.startsWith(p));
  return isSafeKey(prefix ? key.slice(prefix.length) : key);
}

export function assertStorageKey(key: string): void {
  if (!isStorageKey(key)) throw new Error(`Unsafe storage key: ${key}`);
}

const TYPES: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
};

/**
 * The picture types /uploads/ serves, by name, with their Content-Type; null for anything else (SVG may hold
 * scripts, and a file put in the store by other means must not be served as a page).
 */
export function pictureType(key: string): string | null {
  return TYPES[extname(key).toLowerCase()] ?? null;
}
