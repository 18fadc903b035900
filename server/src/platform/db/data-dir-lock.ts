// One process at a time in a PGlite folder (DATA_DIR). PGlite is PostgreSQL compiled to WebAssembly inside
// the process that opens it: two processes opening one folder would both write its files and corrupt it,
// and PGlite's own postmaster.pid cannot tell (it always holds -42). So whoever opens the folder (the shop,
// npm run db:backup, db:restore, db:migrate) first creates a lock file in it with its process id, and a
// second opener is refused while that process lives. A lock left by a process that died (kill -9, a power
// cut) is taken over. The shop adds the port it listens on, so that npm run db:backup can ask the running
// shop for the backup instead (platform/backup/commands.ts).
import { hostname } from 'node:os';
import { closeSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const LOCK_FILE = 'shop.lock';

export interface DataDirHolder {
  pid: number;
  /** Which program holds it, for the message a second opener gets ("the shop", "npm run db:backup"). */
  holder: string;
  since: string;
  /** The shop's HTTP address once it listens (its /ops/backup endpoint answers there). */
  url?: string;
}

export interface DataDirLock {
  readonly file: string;
  /** Adds to what the lock file says (the shop's address once it listens). */
  update(more: Partial<DataDirHolder>): void;
  release(): void;
}

export class DataDirInUse extends Error {
  constructor(
    readonly dataDir: string,
    readonly by: DataDirHolder,
  ) {
    super(
      `The database folder ${dataDir} is in use by ${by.holder} (process ${by.pid}, since ${by.since}). ` +
        'Only one process may open a PGlite folder at a time.',
    );
    this.name = 'DataDirInUse';
  }
}

function alive(pid: number): boolean {
  // Our own pid in an old lock is a previous run of this process (a container restarts as pid 1).
  if (pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    // EPERM: the process exists but belongs to another user.
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readHolder(file: string): DataDirHolder | null {
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<DataDirHolder>;
    return typeof parsed.pid === 'number' ? (parsed as DataDirHolder) : null;
  } catch {
    return null;
  }
}

/** The live process holding the folder, or null when none does (no lock file, or its process is gone). */
export function dataDirHolder(dataDir: string): DataDirHolder | null {
  const holder = readHolder(join(dataDir, LOCK_FILE));
  return holder && alive(holder.pid) ? holder : null;
}

/** Takes the folder for this process, or throws DataDirInUse. The folder must exist. */
export function lockDataDir(dataDir: string, holder: string): DataDirLock {
  const file = join(dataDir, LOCK_FILE);
  let state: DataDirHolder = { pid: process.pid, holder, since: new Date().toISOString() };
  for (let attempt = 0; ; attempt++) {
    try {
      // 'wx': created only if absent, atomically, so two openers starting together cannot both win.
      const fd = openSync(file, 'wx', 0o600);
      writeFileSync(fd, JSON.stringify({ ...state, host: hostname() }));
      closeSync(fd);
      break;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 2) throw e;
      const other = readHolder(file);
      // A lock being written this very moment reads as nothing: look again rather than take it over.
      if (other === null && attempt === 0) continue;
      if (other && alive(other.pid)) throw new DataDirInUse(dataDir, other);
      rmSync(file, { force: true }); // left by a process that is gone
    }
  }
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    // Only our own: never remove a lock another process took after ours was (wrongly) judged stale.
    if (readHolder(file)?.pid === process.pid) rmSync(file, { force: true });
  };
  // An exit without close() (process.exit on a fatal error) still frees the folder.
  process.once('exit', release);
  return {
    file,
    update(more) {
      if (released) return;
      state = { ...state, ...more };
      writeFileSync(file, JSON.stringify({ ...state, host: hostname() }));
    },
    release() {
      process.removeListener('exit', release);
      release();
    },
  };
}
