// npm run db:backup and npm run db:restore (backup-cli.ts, restore-cli.ts are their thin wrappers).
//
// Which way a backup goes:
//   - PostgreSQL (DATABASE_URL): this process connects and reads its snapshot; the shop may run meanwhile.
//   - PGlite (DATA_DIR) with no process holding the folder: this process opens it, holding it meanwhile (a
//     shop started during the backup is refused with a message naming this command).
//   - PGlite held by a running shop: no second process may open the folder, so the running shop takes the
//     backup (GET /ops/backup, route.ts) and this process downloads it, sending BACKUP_TOKEN. Without the
//     token, or held by something else than a shop that listens (a restore, a migration), it refuses.
// Every file written is then read back whole and checked (restore.ts verifyBackup) before it is reported.
import { createWriteStream, existsSync } from 'node:fs';
import { rename, rm, stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import { loadConfig, type Config } from '../config';
import { openDatabase, type Database } from '../db';
import { DataDirInUse, dataDirHolder } from '../db/data-dir-lock';
import { writeBackup } from './backup';
import { BadBackup } from './format';
import { picturesStep } from './pictures';
import { BACKUP_PATH } from './route';
import {
  DatabaseNotEmpty,
  restoreBackup,
  verifyBackup,
  type RestoreSummary,
  type VerifiedBackup,
} from './restore';

/** A refusal whose message is the whole story: the CLI prints it without a stack. */
export class CommandError extends Error {
  override name = 'CommandError';
}

export interface CommandIo {
  env?: NodeJS.ProcessEnv;
  print?: (line: string) => void;
  /** Where a relative --out or FILE is taken from. */
  cwd?: string;
}

const BACKUP_USAGE = 'Usage: npm run db:backup -- [--out FILE]';
const RESTORE_USAGE =
  'Usage: npm run db:restore -- FILE [--force]\n' +
  '  --force: the database is not empty: drop all its tables (every order, customer and product in it) and\n' +
  '           replace them with the backup. Pictures of the backup are written over same-named files;\n' +
  '           other files in UPLOADS_DIR stay.';

export interface BackupResult extends VerifiedBackup {
  file: string;
  bytes: number;
  ms: number;
  /** 'direct': this process read the database; 'shop': the running shop's /ops/backup. */
  via: 'direct' | 'shop';
}

export async function backupCommand(args: string[], io: CommandIo = {}): Promise<BackupResult> {
  const print = io.print ?? console.log;
  const { values } = parseArgs({ args, options: { out: { type: 'string' } }, allowPositionals: false });
  const config = loadConfig(io.env ?? process.env);
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const file = resolve(io.cwd ?? process.cwd(), values.out ?? `shop-backup-${stamp}.tar.gz`);
  const part = `${file}.part`;
  const started = performance.now();
  let via: BackupResult['via'] = 'direct';
  try {
    if (config.databaseUrl) await backupDirect(config, part);
    else {
      if (config.dataDir === 'memory') throw new CommandError('DATA_DIR=memory keeps nothing to back up');
      const holder = dataDirHolder(config.dataDir);
      if (holder) {
        await backupFromShop(config, holder, part);
        via = 'shop';
      } else {
        if (!existsSync(resolve(config.dataDir, 'PG_VERSION')))
          throw new CommandError(`No database in ${config.dataDir} (DATA_DIR): nothing to back up`);
        await backupDirect(config, part);
      }
    }
    const verified = await verifyBackup(part);
    await rename(part, file);
    const { size } = await stat(file);
    const ms = performance.now() - started;
    const rows = verified.manifest.tables.reduce((n, t) => n + t.rows, 0);
    print(
      `backup written: ${file} (${formatBytes(size)}, ${(ms / 1000).toFixed(1)} s, ${verified.manifest.database}` +
        `${via === 'shop' ? ' through the running shop' : ''}: ${verified.manifest.tables.length} tables, ` +
        `${rows} rows, ${picturesLine(verified)})`,
    );
    return { ...verified, file, bytes: size, ms, via };
  } catch (e) {
    await rm(part, { force: true });
    throw e;
  }
}

async function backupDirect(config: Config, part: string) {
  const database = await openFor(config, 'npm run db:backup');
  try {
    await writeBackup({ database, pictures: picturesStep(config) }, createWriteStream(part));
  } finally {
    await database.close();
  }
}

async function backupFromShop(
  config: Config,
  holder: { pid: number; holder: string; url?: string },
  part: string,
) {
  const held = `${config.dataDir} is held by ${holder.holder} (process ${holder.pid})`;
  if (!holder.url)
    throw new CommandError(
      `${held}, which does not listen for HTTP (yet): wait until it has started or finished, then try again`,
    );
  if (!config.backupToken)
    throw new CommandError(
      `${held}: a running shop's PGlite folder cannot be opened by a second process. Set BACKUP_TOKEN (the ` +
        'same value for the shop and for this command, then restart the shop) and the running shop takes the ' +
        'backup; or stop the shop and run this command again.',
    );
  let response: Response;
  try {
    response = await fetch(holder.url + BACKUP_PATH, {
      headers: { authorization: `Bearer ${config.backupToken}` },
    });
  } catch (e) {
    throw new CommandError(`${held}, which does not answer at ${holder.url}: ${(e as Error).message}`);
  }
  if (!response.ok || !response.body) {
    const why =
      response.status === 404
        ? 'the shop was started without BACKUP_TOKEN: set it for the shop too and restart it'
        : response.status === 401
          ? "BACKUP_TOKEN differs from the shop's"
          : `${response.status} ${await response.text()}`;
    throw new CommandError(`The running shop at ${holder.url} refused the backup: ${why}`);
  }
  await pipeline(Readable.fromWeb(response.body as never), createWriteStream(part));
}

export interface RestoreResult extends RestoreSummary {
  file: string;
  ms: number;
}

export async function restoreCommand(args: string[], io: CommandIo = {}): Promise<RestoreResult> {
  const print = io.print ?? console.log;
  const { values, positionals } = parseArgs({
    args,
    options: { force: { type: 'boolean', default: false } },
    allowPositionals: true,
  });
  if (positionals.length !== 1) throw new CommandError(RESTORE_USAGE);
  const file = resolve(io.cwd ?? process.cwd(), positionals[0]!);
  if (!existsSync(file)) throw new CommandError(`No such file: ${file}`);
  const config = loadConfig(io.env ?? process.env);
  if (!config.databaseUrl && config.dataDir === 'memory')
    throw new CommandError('DATA_DIR=memory: a restore there would be gone when this command ends');
  const started = performance.now();
  // The file first: a bad one is refused before the database is even opened (PGlite would create DATA_DIR).
  let verified: VerifiedBackup;
  try {
    verified = await verifyBackup(file);
  } catch (e) {
    if (e instanceof BadBackup) throw refusedFile(file, e);
    throw e;
  }
  const database = await openFor(config, 'npm run db:restore');
  try {
    const result = await restoreBackup(
      file,
      { database, pictures: picturesStep(config) },
      { migrationsDir: config.migrationsDir, force: values.force, verified },
    );
    const ms = performance.now() - started;
    const rows = result.manifest.tables.reduce((n, t) => n + t.rows, 0);
    const target = config.databaseUrl ? 'postgres' : `pglite in ${config.dataDir}`;
    print(
      `restored ${file} into ${target} (${(ms / 1000).toFixed(1)} s): the ${result.manifest.database} backup of ` +
        `${result.manifest.createdAt}, ${result.manifest.tables.length} tables, ${rows} rows, ` +
        `${picturesLine(result)}${result.dropped ? `; ${result.dropped} tables and sequences dropped first` : ''}`,
    );
    return { ...result, file, ms };
  } catch (e) {
    if (e instanceof DatabaseNotEmpty)
      throw new CommandError(
        `Refused: ${e.message}. A restore goes into an empty database: create a new one (PostgreSQL) or point ` +
          'DATA_DIR at a new folder (PGlite). Or add --force to drop all its tables — every order, customer ' +
          'and product in it — and put the backup in their place.',
      );
    if (e instanceof BadBackup) throw refusedFile(file, e);
    throw e;
  } finally {
    await database.close();
  }
}

const refusedFile = (file: string, e: BadBackup) =>
  new CommandError(`Refused: ${file} is not a usable backup: ${e.message}. Nothing was changed.`);

/** The configured database, with the PGlite folder's refusal told plainly. */
async function openFor(config: Config, holder: string): Promise<Database> {
  try {
    return await openDatabase({ ...config, holder });
  } catch (e) {
    if (e instanceof DataDirInUse)
      throw new CommandError(`${e.message} Stop it (or wait until it ends) and run this command again.`);
    throw e;
  }
}

function picturesLine(v: VerifiedBackup): string {
  const place = v.manifest.pictures;
  if (place.kind === 's3') return `pictures not copied: they are in the bucket ${place.bucket}`;
  return `${v.pictures.files} pictures, ${formatBytes(v.pictures.bytes)}`;
}

function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}

/** The wrappers' body: runs a command and turns a refusal into a message and exit code 1. */
export async function runCli(command: (args: string[]) => Promise<unknown>, usage: string): Promise<void> {
  const args = process.argv.slice(2);
  if (args.includes('--help') || args.includes('-h')) {
    console.log(usage);
    return;
  }
  try {
    await command(args);
  } catch (e) {
    console.error(e instanceof CommandError || e instanceof BadBackup ? e.message : e);
    process.exitCode = 1;
  }
}

export { BACKUP_USAGE, RESTORE_USAGE };
