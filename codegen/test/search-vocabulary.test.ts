// The vocabulary of search columns: `x-db.type: "tsvector"` (a server-written search document) and
// `x-db.index: "trgm"` (a pg_trgm index), from a scratch schema to the migration and the Drizzle table.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { diffSnapshots, snapshotOf } from '../src/emit/migrations';
import { emitServer } from '../src/emit/server';
import { loadModel, SchemaError } from '../src/model';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

function model(properties: Record<string, unknown>) {
  const dir = mkdtempSync(join(tmpdir(), 'codegen-search-'));
  dirs.push(dir);
  const schema = {
    $id: 'notes',
    title: 'Note',
    additionalProperties: false,
    'x-label': { one: 'Заметка', many: 'Заметки' },
    properties: { id: { type: 'integer', readOnly: true, 'x-label': 'ID' }, ...properties },
  };
  writeFileSync(join(dir, 'notes.schema.json'), JSON.stringify(schema));
  return loadModel(dir);
}

describe('search columns', () => {
  const entities = model({
    word: { type: 'string', 'x-label': 'Слово', 'x-db': { unique: true, index: 'trgm' } },
    doc: {
      type: 'string',
      readOnly: true,
      'x-label': 'Документ',
      'x-db': { type: 'tsvector', private: true, index: 'gin' },
    },
  });

  it('makes a tsvector column with a GIN index, and a trigram index beside a unique one', () => {
    const snap = snapshotOf(entities);
    expect(snap.extensions).toEqual(['pg_trgm']);
    expect(snap.tables.notes!.columns.doc).toEqual({ type: 'tsvector', notNull: false });
    const sql = diffSnapshots({ extensions: [], tables: {} }, snap);
    expect(sql).toContain('CREATE EXTENSION IF NOT EXISTS pg_trgm');
    expect(sql).toContain('CREATE INDEX "notes_doc_idx" ON "notes" USING gin ("doc")');
    expect(sql).toContain('CREATE INDEX "notes_word_trgm_idx" ON "notes" USING gin ("word" gin_trgm_ops)');
    expect(sql).toContain('CREATE UNIQUE INDEX "notes_word_key" ON "notes" ("word")');
  });

  it('gives Drizzle a tsvector custom type', () => {
    const tables = emitServer(entities)['server/generated/tables.ts']!;
    expect(tables).toContain(
      "const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });",
    );
    expect(tables).toContain('doc: tsvector("doc"),');
  });

  it('refuses the kinds where they do not fit', () => {
    expect(() => model({ n: { type: 'integer', 'x-label': 'N', 'x-db': { index: 'trgm' } } })).toThrow(
      SchemaError,
    );
    expect(() => model({ d: { type: 'string', 'x-label': 'D', 'x-db': { type: 'tsvector' } } })).toThrow(
      /private string/,
    );
    expect(() => model({ d: { type: 'string', 'x-label': 'D', 'x-db': { type: 'jsonb' } } })).toThrow(
      SchemaError,
    );
    expect(() => model({ d: { type: 'string', 'x-label': 'D', 'x-db': { index: 'hash' } } })).toThrow(
      /unknown x-db.index/,
    );
  });
});
