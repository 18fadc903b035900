// Says what the run left out and why, after vitest's own summary: the PostgreSQL suites skipped for want of
// TEST_DATABASE_URL, and the race tests that only PostgreSQL can prove. The marks are the harness's.
import type { Reporter, TestModule } from 'vitest/node';
import { SKIP_MARKS } from './harness-marks';

export default class SkipReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    let onPostgres = 0;
    let postgresSkipped = 0;
    let racesSkipped = 0;
    for (const module of modules)
      for (const test of module.children.allTests()) {
        const name = test.fullName;
        const skipped = test.result().state === 'skipped';
        if (name.includes(SKIP_MARKS.noPostgres)) postgresSkipped += skipped ? 1 : 0;
        else if (/ on postgres\b/.test(name) && !skipped) onPostgres += 1;
        if (skipped && name.includes(SKIP_MARKS.race)) racesSkipped += 1;
      }
    const lines: string[] = [];
    if (postgresSkipped)
      lines.push(
        `PostgreSQL: ${postgresSkipped} tests skipped, TEST_DATABASE_URL is not set ` +
          '(e.g. TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm test)',
      );
    else if (onPostgres) lines.push(`PostgreSQL: ${onPostgres} tests ran on TEST_DATABASE_URL`);
    if (racesSkipped)
      lines.push(
        `PGlite: ${racesSkipped} race tests skipped (one transaction at a time; they run on PostgreSQL)`,
      );
    if (lines.length) process.stdout.write(`\n${lines.map((l) => ` ${l}`).join('\n')}\n`);
  }
}
