// `npm run test:mutations`: breaks, one at a time, the code behind the guarantees that matter most and shows
// that the tests named for each guarantee fail. Not part of `npm test` (it runs the named tests once per
// mutation, on PostgreSQL too, where the race tests live). The list is mutations-list.ts. A mutation whose
// text to change is not in its file is an error: the run stops before any test, exit code 1, naming it.
// docs/testing.md lists the results.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { applyMutation, MUTATIONS, PENDING, type Mutation } from './mutations-list';

const root = resolve(import.meta.dirname, '../..');

interface Outcome {
  passed: number;
  failed: string[];
  loadError: boolean;
}

function runTests(tests: Mutation['tests']): Outcome {
  const out = join(work, 'result.json');
  rmSync(out, { force: true });
  spawnSync(
    'npx',
    [
      'vitest',
      'run',
      '--project',
      'server',
      tests.file,
      '-t',
      tests.title,
      '--reporter=json',
      `--outputFile=${out}`,
    ],
    { cwd: root, stdio: ['ignore', 'ignore', 'inherit'], env: process.env },
  );
  let report: {
    numPassedTests: number;
    testResults: {
      status: string;
      assertionResults: { status: string; fullName: string }[];
    }[];
  };
  try {
    report = JSON.parse(readFileSync(out, 'utf8')) as typeof report;
  } catch {
    return { passed: 0, failed: [], loadError: true };
  }
  const failed = report.testResults.flatMap((f) =>
    f.assertionResults.filter((a) => a.status === 'failed').map((a) => a.fullName),
  );
  // A file that does not even load (a mutation that breaks the syntax) proves nothing about the tests.
  const loadError = report.testResults.some((f) => f.status === 'failed' && f.assertionResults.length === 0);
  return { passed: report.numPassedTests, failed, loadError };
}

if (!process.env.TEST_DATABASE_URL) {
  console.error(
    'TEST_DATABASE_URL is not set: the race guarantees are proved only on PostgreSQL. ' +
      'Run: TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run test:mutations',
  );
  process.exit(2);
}

const only = process.argv.slice(2);
const unknown = only.filter((name) => !MUTATIONS.some((m) => m.name === name));
if (unknown.length) {
  console.error(`No such mutation: ${unknown.join(', ')}`);
  process.exit(2);
}
const chosen = MUTATIONS.filter((m) => !only.length || only.includes(m.name));
// Every chosen mutation must apply to the code as it is, or the run proves nothing about its guarantee.
const mutated = new Map<string, string>();
const stale: string[] = [];
for (const m of chosen) {
  try {
    mutated.set(m.name, applyMutation(m, readFileSync(join(root, m.file), 'utf8')));
  } catch (e) {
    stale.push((e as Error).message);
  }
}
if (stale.length) {
  console.error(`Stale mutations (re-target them at the code as it is now):\n${stale.join('\n')}`);
  process.exit(1);
}
const work = mkdtempSync(join(tmpdir(), 'mutations-'));
let restore: (() => void) | null = null;
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    restore?.();
    process.exit(130);
  });

const rows: string[][] = [];
let missed = 0;
// Several mutations share their tests: the run without a mutation is the same for them, made once.
const baselines = new Map<string, Outcome>();
for (const m of chosen) {
  const path = join(root, m.file);
  const original = readFileSync(path, 'utf8');
  const key = `${m.tests.file} ${m.tests.title}`;
  const baseline = baselines.get(key) ?? runTests(m.tests);
  baselines.set(key, baseline);
  if (baseline.loadError || baseline.failed.length || baseline.passed === 0) {
    rows.push([
      m.name,
      'BASELINE FAILS',
      `${baseline.passed} passed, ${baseline.failed.length} failed without the mutation`,
    ]);
    missed++;
    continue;
  }
  restore = () => writeFileSync(path, original);
  writeFileSync(path, mutated.get(m.name)!);
  let outcome: Outcome;
  try {
    outcome = runTests(m.tests);
  } finally {
    restore();
    restore = null;
  }
  if (outcome.loadError) {
    rows.push([m.name, 'BROKEN', 'the mutated file does not load: fix the mutation']);
    missed++;
  } else if (outcome.failed.length) {
    rows.push([
      m.name,
      'caught',
      `${outcome.failed.length} of ${outcome.failed.length + outcome.passed} failed: ${outcome.failed[0]}`,
    ]);
  } else {
    rows.push([m.name, 'MISSED', `${outcome.passed} tests still pass`]);
    missed++;
  }
  console.error(`${m.name}: ${rows.at(-1)![1]}`);
}
rmSync(work, { recursive: true, force: true });

console.log('\n| mutation | guarantee | result | tests |');
console.log('| --- | --- | --- | --- |');
for (const [name, result, detail] of rows) {
  const m = MUTATIONS.find((x) => x.name === name)!;
  console.log(`| ${name} | ${m.guarantee} | ${result} | ${detail} |`);
}
for (const p of PENDING) console.log(`| ${p.name} | ${p.guarantee} | pending | ${p.why} |`);
console.log(`\n${rows.length - missed} of ${rows.length} mutations caught.`);
process.exit(missed ? 1 : 0);
