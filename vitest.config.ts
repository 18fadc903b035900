import { defineConfig } from 'vitest/config';

// vitest 4 ignores vitest.workspace.ts: the projects list below is the workspace list.
// Browser tests (e2e/) run under Playwright, not vitest.
export default defineConfig({
  test: {
    projects: ['schemas', 'codegen', 'server', 'client', 'storefront', 'admin'],
    // The second reporter says how many PostgreSQL and race tests were skipped, and why.
    reporters: ['default', './server/test/skip-reporter.ts'],
    // Vitest's default is one worker less than the cores: one on a two-core CI machine. The server's test
    // files spend much of their time waiting on PostgreSQL and on PGlite's own thread, so three overlap well.
    maxWorkers: 3,
  },
});
