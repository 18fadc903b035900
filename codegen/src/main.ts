// npm run codegen            writes every generated file and, when the schemas changed the database, the next migration
// npm run codegen -- --check fails, saying what is stale, when anything generated differs from what the schemas give
// --root DIR                  works on another copy of the repository (the scratch-entity test uses it)
// --allow-drop=T,T.C          lets this run's migration drop table T or column T.C with their data (see
//                             docs/adding-an-entity.md); it names each drop, and a name that drops nothing is an error
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import * as prettier from 'prettier';
import { emitAdmin } from './emit/admin';
import { emitConstraints } from './emit/constraints';
import { emitEndpoints } from './emit/endpoints';
import {
  diffSnapshots,
  intentOf,
  MigrationRefused,
  migrationName,
  migrationSql,
  snapshotOf,
  type Snapshot,
} from './emit/migrations';
import { emitServer } from './emit/server';
import { emitTypes } from './emit/types';
import { emitZod } from './emit/zod';
import { loadApiSchemas } from './views';
import type { EndpointContract } from '@shop/schemas/contracts/contract';
import { loadModel, SchemaError } from './model';

const REPO = resolve(import.meta.dirname, '../..');
/** Folders whose every file codegen owns: a file there that codegen did not write is stale too. */
const OWNED_DIRS = ['schemas/generated', 'server/generated', 'admin/generated', 'client/generated'];

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

/** The endpoint contracts of that copy of the repository (schemas/contracts/index.ts). */
async function loadContracts(root: string): Promise<EndpointContract[]> {
  const url = pathToFileURL(join(root, 'schemas/contracts/index.ts')).href;
  return ((await import(url)) as { allContracts: EndpointContract[] }).allContracts;
}

export interface CodegenOptions {
  /** `table` or `table.column`: what this run's migration may drop (--allow-drop). */
  allowDrop?: string[];
}

export async function runCodegen(
  root: string,
  check: boolean,
  options: CodegenOptions = {},
): Promise<CodegenResult> {
  const entities = loadModel(join(root, 'schemas/entities'));
  const apiSchemas = loadApiSchemas(join(root, 'schemas/api'), entities);
  const files: Record<string, string> = {
    ...(await emitTypes(entities, apiSchemas)),
    ...emitZod(entities),
    ...emitServer(entities),
    ...emitConstraints(entities),
    ...emitAdmin(entities),
    ...(await emitEndpoints(await loadContracts(root), apiSchemas)),
  };

  const migrationsDir = join(root, 'server/migrations');
  const snapshotPath = join(migrationsDir, 'snapshot.json');
  const prev: Snapshot = existsSync(snapshotPath)
    ? (JSON.parse(readFileSync(snapshotPath, 'utf8')) as Snapshot)
    : { extensions: [], tables: {} };
  const next = snapshotOf(entities);
  const allowDrop = options.allowDrop ?? [];
  const statements = diffSnapshots(prev, next, intentOf(entities, allowDrop));

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
      // The drops asked for on the command line are written into the file, for whoever reviews it.
      const notes = allowDrop.length
        ? [`Drops data on purpose: npm run codegen -- --allow-drop=${allowDrop.join(',')}`]
        : [];
      writeFileSync(join(migrationsDir, name), migrationSql(statements, notes));
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
  const allowDrop: string[] = [];
  for (const [i, a] of args.entries()) {
    const value = a.startsWith('--allow-drop=')
      ? a.slice('--allow-drop='.length)
      : a === '--allow-drop'
        ? args[i + 1]
        : null;
    if (value === null) continue;
    if (!value) {
      console.error('--allow-drop needs what to drop: --allow-drop=table or --allow-drop=table.column');
      process.exit(1);
    }
    allowDrop.push(
      ...value
        .split(',')
        .map((v) => v.trim())
        .filter(Boolean),
    );
  }
  try {
    const { stale, written } = await runCodegen(root, check, { allowDrop });
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
    if (e instanceof MigrationRefused) {
      console.error(e.message);
      process.exit(1);
    }
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
