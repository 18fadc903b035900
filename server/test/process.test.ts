// The server as a process, as `npm run serve` runs it: JSON logs, the first start prints the generated
// administrator password once, the shop answers, and SIGTERM ends it cleanly.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const REPO = resolve(import.meta.dirname, '../..');
const dataDir = mkdtempSync(join(tmpdir(), 'shop-process-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

interface Started {
  child: ChildProcessWithoutNullStreams;
  url: string;
  output: () => string;
}

function start(): Promise<Started> {
  const child = spawn(process.execPath, [join(REPO, 'node_modules/tsx/dist/cli.mjs'), 'server/src/main.ts'], {
    cwd: REPO,
    env: {
      ...process.env,
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
