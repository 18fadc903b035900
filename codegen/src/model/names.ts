// Names codegen derives or accepts: TypeScript names from resource names, columns from field names, and the
// previous table name of a rename.
import { fail } from './check';

export const snake = (s: string) => s.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
export const pascal = (s: string) =>
  s
    .split(/[-_]/)
    .map((p) => p.charAt(0).toUpperCase() + p.slice(1))
    .join('');

export function tableName(file: string, where: string, raw: unknown): string {
  if (typeof raw !== 'string' || !/^[a-z][a-z0-9_]*$/.test(raw))
    fail(file, where, 'the previous table name (snake_case) is expected');
  return raw;
}
