// The mutations of `npm run test:mutations` still apply to the code as it is: each text to change is in its
// file exactly once, and each named test title is still in its test file. That run takes many minutes and
// needs PostgreSQL; this check takes none, so a refactor that moves a guarded line fails here at once.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { applyMutation, MUTATIONS } from './mutations-list';

const root = resolve(import.meta.dirname, '../..');

describe('the mutation list', () => {
  it.each(MUTATIONS.map((m) => [m.name, m] as const))('%s applies to the code as it is', (_, m) => {
    const source = readFileSync(join(root, m.file), 'utf8');
    expect(applyMutation(m, source)).not.toBe(source);
    const tests = join(root, m.tests.file);
    expect(existsSync(tests), m.tests.file).toBe(true);
    const text = readFileSync(tests, 'utf8');
    // Each alternative of the title pattern names a test that is still there.
    for (const title of m.tests.title.split('|'))
      expect(new RegExp(title).test(text), `${m.tests.file}: no test titled like «${title}»`).toBe(true);
  });

  it('refuses a mutation whose text to change is gone or is there twice', () => {
    const m = { ...MUTATIONS[0]!, edits: [{ from: 'lock()', to: '' }] };
    expect(() => applyMutation(m, 'nothing here')).toThrow(/is not in/);
    expect(() => applyMutation(m, 'lock(); lock();')).toThrow(/more than once/);
    expect(applyMutation(m, 'a lock(); b')).toBe('a ; b');
  });

  it('names every mutation once', () => {
    const names = MUTATIONS.map((m) => m.name);
    expect(new Set(names).size).toBe(names.length);
  });
});
