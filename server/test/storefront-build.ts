// One production build of the storefront per test run, for the files that serve real pages (the page cache,
// the security headers, the benchmark's smoke run): the first file to ask builds it, the others, in other
// workers, wait for it. Inside node_modules, so that a server started from it in another process resolves
// its imports (react-router…) as the project does.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { inject } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');

/** The run's storefront build, built now by the first caller; resolves to its folder. */
export async function storefrontBuild(): Promise<string> {
  // global-setup.ts names the folder and removes it, with its marks, at the end of the run.
  const dir = inject('storefrontBuildDir');
  if (!dir)
    throw new Error("storefrontBuild() needs the server project's global setup (vitest --project server)");
  const done = `${dir}.done`;
  const failed = `${dir}.failed`;
  try {
    // mkdir is atomic: exactly one caller gets to build.
    mkdirSync(`${dir}.lock`);
  } catch {
    for (let waited = 0; !existsSync(done); waited += 500) {
      if (existsSync(failed)) throw new Error(`The storefront build failed: ${readFileSync(failed, 'utf8')}`);
      if (waited > 300_000) throw new Error('The storefront build did not finish in 5 minutes');
      await new Promise((r) => setTimeout(r, 500));
    }
    return dir;
  }
  try {
    execFileSync('npx', ['react-router', 'build'], {
      cwd: join(ROOT, 'storefront'),
      env: { ...process.env, STOREFRONT_BUILD_DIR: dir, NODE_ENV: 'production' },
      stdio: 'pipe',
    });
  } catch (e) {
    writeFileSync(failed, String((e as { stderr?: Buffer }).stderr ?? e));
    throw e;
  }
  writeFileSync(done, '');
  return dir;
}
