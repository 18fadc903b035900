import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    include: ['**/*.test.ts'],
    exclude: ['**/node_modules/**', '**/.scratch/**'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
