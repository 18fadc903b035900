import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    include: ['**/*.test.ts'],
    // The migrated and the demo databases every test app starts as a copy of (harness.ts).
    globalSetup: ['./test/global-setup.ts'],
    exclude: ['**/node_modules/**', '**/.scratch/**'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
