// npm run codegen            writes every generated file and, when the schemas changed the database, the next migration
// npm run codegen -- --check fails, saying what is stale, when anything generated differs from what the schemas give
// --root DIR                  works on another copy of the repository (the scratch-entity test uses it)
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import * as prettier from 'prettier';
import { emitAdmin } from './emit/admin';
import { diffSnapshots, migrationName, migrationSql, snapshotOf, type Snapshot } from './emit/migrations';
import { emitServer } from './emit/server';
import { emitTypes } from './emit/types';
import { emitZod } from './emit/zod';
import { loadModel, SchemaError } from './model';

const REPO = resolve(import.meta.dirname, '../..');
/** Folders whose every file codegen owns: a file there that codegen did not write is stale too. */
const OWNED_DIRS = ['schemas/generated', 'server/generated', 'admin/generated'];

export interface CodegenResult {
  stale: string[];
  written: string[];
}

async function format(path: string, text: string): Promise<string> {
  const parser = path.endsWith('.json')
    ? 'json'
    : path.endsWith('.ts') || path.endsWith('.tsx')
      ? 'typescript'
      : null;
  if (!parser) return text;
  const config = (await prettier.resolveConfig(join(REPO, '.prettierrc.json'))) ?? {};
  return prettier.format(text, { ...config, parser });
}

export async function runCodegen(root: string, check: boolean): Promise<CodegenResult> {
  const entities = loadModel(join(root, 'schemas/entities'));
  const files: Record<string, string> = {
    ...(await emitTypes(entities, join(root, 'schemas/api'))),
    ...emitZod(entities),
    ...emitServer(entities),
    ...emitAdmin(entities),
  };

  const migrationsDir = join(root, 'server/migrations');
  const snapshotPath = join(migrationsDir, 'snapshot.json');
  const prev: Snapshot = existsSync(snapshotPath)
    ? (JSON.parse(readFileSync(snapshotPath, 'utf8')) as Snapshot)
    : { extensions: [], tables: {} };
  const next = snapshotOf(entities);
  const statements = diffSnapshots(prev, next);

  const stale: string[] = [];
  const written: string[] = [];
  if (statements.length) {
    const existing = existsSync(migrationsDir)
      ? readdirSync(migrationsDir).filter((f) => /^\d{4}_.*\.sql$/.test(f))
      : [];
    const name = migrationName(prev, next, existing.length + 1);
    if (check) stale.push(`server/migrations/${name} (a migration for the schema change is missing)`);
    else {
      mkdirSync(migrationsDir, { recursive: true });
      writeFileSync(join(migrationsDir, name), migrationSql(statements));
      writeFileSync(snapshotPath, JSON.stringify(next, null, 2) + '\n');
      written.push(`server/migrations/${name}`);
    }
  }

  for (const [path, text] of Object.entries(files)) {
    const full = join(root, path);
    const want = await format(path, text);
    const have = existsSync(full) ? readFileSync(full, 'utf8') : null;
    if (have === want) continue;
    if (check) stale.push(path);
    else {
      mkdirSync(dirname(full), { recursive: true });
      writeFileSync(full, want);
      written.push(path);
    }
  }
  for (const dir of OWNED_DIRS) {
    if (!existsSync(join(root, dir))) continue;
    for (const f of readdirSync(join(root, dir), { recursive: true, withFileTypes: true })) {
      if (!f.isFile()) continue;
      const path = relative(root, join(f.parentPath, f.name));
      if (!(path in files)) stale.push(`${path} (not produced by any schema: delete it)`);
    }
  }
  return { stale, written };
}

async function main() {
  const args = process.argv.slice(2);
  const check = args.includes('--check');
  const rootArg = args.indexOf('--root');
  const root = rootArg >= 0 ? resolve(args[rootArg + 1] ?? '.') : REPO;
  try {
    const { stale, written } = await runCodegen(root, check);
    if (check) {
      if (stale.length) {
        console.error(
          `Generated code is stale. Run \`npm run codegen\` and commit the result. Stale:\n  ${stale.join('\n  ')}`,
        );
        process.exit(1);
      }
      console.log('codegen: everything generated is up to date');
    } else {
      console.log(
        written.length ? `codegen wrote:\n  ${written.join('\n  ')}` : 'codegen: nothing to change',
      );
    }
  } catch (e) {
    if (e instanceof SchemaError) {
      console.error(
        `Schema error in ${relative(process.cwd(), join(root, 'schemas/entities'))}/${e.message}`,
      );
      process.exit(1);
    }
    throw e;
  }
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) await main();
