// The server as a process, as `npm run serve` runs it: the production build (plain JavaScript, no TypeScript
// tooling loaded), JSON logs, the first start prints the generated administrator password once, the shop
// answers, and SIGTERM ends it cleanly.
import { execFileSync, spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const REPO = resolve(import.meta.dirname, '../..');
const dataDir = mkdtempSync(join(tmpdir(), 'shop-process-'));
const loadedFile = join(dataDir, 'loaded-modules.json');
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** The file `npm run serve` runs with plain node: read from package.json, so the test follows the script. */
const PACKAGE = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as {
  scripts: { serve: string };
};
const SERVE = PACKAGE.scripts.serve;
const serveMatch = /^NODE_ENV=production node ((?:--\S+ )*)(\S+\.js)$/.exec(SERVE);
/** Node's own options of the script (the embedded database's WebAssembly tier, the young heap), then the file. */
const NODE_OPTIONS = serveMatch?.[1]?.trim().split(' ').filter(Boolean) ?? [];
const SERVED_FILE = serveMatch?.[2] ?? '';

// `npm run build` compiles the server with the storefront and the admin; the server's part alone here.
beforeAll(() => {
  execFileSync(process.execPath, ['server/scripts/build.mjs'], { cwd: REPO, stdio: 'pipe' });
});

interface Started {
  child: ChildProcessWithoutNullStreams;
  url: string;
  output: () => string;
}

function start(): Promise<Started> {
  const recorder = join(import.meta.dirname, 'fixtures/record-modules.mjs');
  const child = spawn(process.execPath, [...NODE_OPTIONS, '--import', recorder, SERVED_FILE], {
    cwd: REPO,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      RECORD_MODULES_TO: loadedFile,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO_DATA: '0',
      ADMIN_PASSWORD: '',
      UPLOADS_DIR: join(dataDir, 'uploads'),
      LOG_LEVEL: 'info',
    },
  });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  return new Promise((resolveStart, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}`)), 60_000);
    const check = setInterval(() => {
      const m = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (m) {
        clearInterval(check);
        clearTimeout(timer);
        resolveStart({ child, url: m[1]!, output: () => out });
      }
    }, 50);
    child.on('exit', (code) => {
      clearInterval(check);
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${out}`));
    });
  });
}

function stop(s: Started): Promise<number | null> {
  return new Promise((resolveStop) => {
    s.child.removeAllListeners('exit');
    s.child.on('exit', (code) => resolveStop(code));
    s.child.kill('SIGTERM');
  });
}

describe('npm run serve', () => {
  it('runs the compiled server with node alone', () => {
    expect(serveMatch, `package.json's serve script: ${SERVE}`).not.toBeNull();
    expect(existsSync(join(REPO, SERVED_FILE))).toBe(true);
  });

  it('starts, logs JSON, prints the generated password once, and stops on SIGTERM', async () => {
    const first = await start();
    const health = await fetch(`${first.url}/api/health`);
    expect(await health.json()).toEqual({ data: { status: 'ok', database: 'pglite' } });
    const printed = /Администратор создан: (\S+) \/ (\S+)/.exec(first.output());
    expect(printed?.[1]).toBe('admin@shop.local');
    const login = await fetch(`${first.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ login: printed![1], password: printed![2] }),
    });
    expect(login.status).toBe(200);
    const jsonLines = first
      .output()
      .split('\n')
      .filter((l) => l.startsWith('{'));
    expect(jsonLines.length).toBeGreaterThan(1);
    for (const line of jsonLines) expect(JSON.parse(line)).toHaveProperty('level');
    expect(first.output()).toMatch(/"listeningMs":\d+.*"msg":"shop started"/);

    // Every module the running shop loaded: JavaScript only, and no TypeScript compiler or loader among them.
    first.child.kill('SIGUSR2');
    while (!existsSync(loadedFile)) await sleep(20);
    const loaded = JSON.parse(readFileSync(loadedFile, 'utf8')) as {
      execArgv: string[];
      esm: string[];
      cjs: string[];
    };
    const modules = [...loaded.esm, ...loaded.cjs];
    expect(modules.length).toBeGreaterThan(100);
    expect(modules.filter((m) => m.includes('fastify'))).not.toEqual([]);
    expect(
      modules.filter((m) =>
        /[/\\]node_modules[/\\](typescript|tsx|esbuild|@esbuild|ts-node|@swc)[/\\]/.test(m),
      ),
    ).toEqual([]);
    expect(modules.filter((m) => /\.[mc]?tsx?$/.test(m))).toEqual([]);
    expect(loaded.execArgv.filter((a) => a !== '--import' && !a.endsWith('record-modules.mjs'))).toEqual(
      NODE_OPTIONS,
    );
    expect(await stop(first)).toBe(0);

    // The data survives in DATA_DIR; the second start creates no second administrator.
    const second = await start();
    expect(second.output()).not.toContain('Администратор создан');
    const again = await fetch(`${second.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ login: printed![1], password: printed![2] }),
    });
    expect(again.status).toBe(200);
    expect(await stop(second)).toBe(0);
  }, 120_000);
});
