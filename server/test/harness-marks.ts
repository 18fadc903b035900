// Marks in test titles that the reporter (skip-reporter.ts) counts and explains. A module of its own so
// that the reporter, which runs in vitest's main process, does not load the server.
export const SKIP_MARKS = {
  noPostgres: '[skipped: TEST_DATABASE_URL is not set]',
  race: '[race: PostgreSQL only, PGlite runs one transaction at a time]',
} as const;
