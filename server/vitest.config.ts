import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    include: ['**/*.test.ts'],
    // The migrated and the demo databases every test app starts as a copy of (harness.ts).
    globalSetup: ['./test/global-setup.ts'],
    // A worker imports the server once for all the files it runs (about 2 s a file otherwise). Each file
    // starts apps and databases of its own; what a module keeps (compiled validators) is the same for all.
    isolate: false,
    exclude: ['**/node_modules/**', '**/.scratch/**'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
