// Random coupon codes from letters and digits that cannot be mistaken for each other when read aloud or
// typed from paper (no I, O, 0, 1): 32 symbols, so one random byte's low 5 bits pick one without bias.
import { randomBytes } from 'node:crypto';

export const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export function randomCode(prefix: string, length: number): string {
  const bytes = randomBytes(length);
  let out = prefix;
  for (const b of bytes) out += CODE_ALPHABET[b & 31];
  return out;
}

/** `count` distinct codes, none of them in `taken`. */
export function freshCodes(prefix: string, length: number, count: number, taken: Set<string>): string[] {
  const out = new Set<string>();
  while (out.size < count) {
    const code = randomCode(prefix, length);
    if (!taken.has(code)) out.add(code);
  }
  return [...out];
}
