// `npm run test:mutations`: breaks, one at a time, the code behind the guarantees that matter most and shows
// that the tests named for each guarantee fail. Not part of `npm test` (it runs the named tests once per
// mutation, on PostgreSQL too, where the race tests live). A mutation whose text no longer occurs in its
// file is reported as stale, so the list cannot silently stop applying. docs/testing.md lists the results.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

interface Mutation {
  name: string;
  guarantee: string;
  file: string;
  /** Each `from` must occur exactly once in the file; it is replaced by `to`. */
  edits: { from: string; to: string }[];
  /** The test file and a title pattern (vitest -t) of the tests that must catch it. */
  tests: { file: string; title: string };
}

const MUTATIONS: Mutation[] = [
  {
    name: 'bonus-ledger-lock',
    guarantee: 'a bonus balance never goes below zero, even with debits at the same moment',
    file: 'server/src/sales/bonus-ledger.ts',
    edits: [{ from: 'WHERE id = ${userId} FOR UPDATE`', to: 'WHERE id = ${userId}`' }],
    tests: { file: 'server/test/admin-sales.test.ts', title: 'never overdraws' },
  },
  {
    name: 'outbox-claim-lock',
    guarantee: 'with several instances, each e-mail and SMS goes out once',
    file: 'server/src/messages/worker.ts',
    edits: [{ from: '          FOR UPDATE SKIP LOCKED\n', to: '' }],
    tests: { file: 'server/test/messages-delivery.test.ts', title: 'race for the same batch' },
  },
  {
    name: 'outbox-skip-locked',
    guarantee: 'a worker never waits behind a message another instance holds',
    file: 'server/src/messages/worker.ts',
    edits: [{ from: '          FOR UPDATE SKIP LOCKED\n', to: '          FOR UPDATE\n' }],
    tests: { file: 'server/test/messages-delivery.test.ts', title: 'another instance holds' },
  },
  {
    name: 'csv-import-transaction',
    guarantee: 'a CSV import writes every row or none',
    file: 'server/src/crud/csv-import.ts',
    edits: [
      { from: 'await ctx.db.transaction(async (tx) => {', to: 'await (async (tx: typeof ctx.db) => {' },
      {
        from: '      else await createRecord(inner, p.body);\n    }\n  });',
        to: '      else await createRecord(inner, p.body);\n    }\n  })(ctx.db);',
      },
    ],
    tests: { file: 'server/test/csv.test.ts', title: 'fails while writing' },
  },
  {
    name: 'row-access',
    guarantee: 'a role never sees or changes rows outside its x-access.rows (a manager and staff accounts)',
    file: 'server/src/crud/access.ts',
    edits: [
      {
        from: '  if (!scope) return;\n  for (const [field, values] of Object.entries(scope)) {\n    if (!values.includes(record[field]',
        to: '  if (scope) return;\n  for (const [field, values] of Object.entries({})) {\n    if (!values.includes(record[field]',
      },
    ],
    tests: { file: 'server/test/access.test.ts', title: 'out of a manager' },
  },
  {
    name: 'field-access',
    guarantee:
      'a field with x-access.write is set only by the roles named (a user’s role: the administrator)',
    file: 'server/src/crud/access.ts',
    edits: [
      {
        from: '    if (!unchanged) throw refusedField(f, f.name);',
        to: '    if (!unchanged && f.name === "never") throw refusedField(f, f.name);',
      },
    ],
    tests: { file: 'server/test/access.test.ts', title: 'staff role|refuses a changed role' },
  },
  {
    name: 'child-field-access',
    guarantee:
      'a child row’s field with x-access.write is set only by the roles named (an offer’s price and stock: the manager)',
    file: 'server/src/crud/access.ts',
    edits: [
      {
        from: '  if (restricted.length === 0 || !Array.isArray(items)) return;',
        to: '  if (restricted.length >= 0 || !Array.isArray(items)) return;',
      },
    ],
    tests: { file: 'server/test/access.test.ts', title: 'not an offer’s price or stock' },
  },
  {
    name: 'email-link-single-use',
    guarantee: 'a password-reset or confirmation link works once',
    file: 'server/src/accounts/tokens.ts',
    edits: [{ from: '        isNull(userTokens.usedAt),\n', to: '' }],
    tests: { file: 'server/test/accounts.test.ts', title: 'single-use link' },
  },
  {
    name: 'reset-ends-sessions',
    guarantee: 'a password reset signs the account out everywhere',
    file: 'server/src/accounts/password-routes.ts',
    edits: [{ from: '        await revokeUserSessions(tx, spent.userId);\n', to: '' }],
    tests: { file: 'server/test/accounts.test.ts', title: 'ends every session' },
  },
  {
    name: 'captcha-single-use',
    guarantee: 'a captcha is checked once, right or wrong',
    file: 'server/src/forms/captcha.ts',
    edits: [
      {
        from: 'sql`DELETE FROM ${captchas} WHERE ${eq(captchas.token, id)}\n        RETURNING answer_hash, expires_at <= now() AS expired`',
        to: 'sql`SELECT answer_hash, expires_at <= now() AS expired FROM ${captchas} WHERE ${eq(captchas.token, id)}`',
      },
    ],
    tests: { file: 'server/test/messages-public.test.ts', title: 'spends the captcha' },
  },
  {
    name: 'registration-unique-race',
    guarantee: 'one account per e-mail and phone, two registrations at the same moment included',
    file: 'server/src/accounts/register.ts',
    edits: [{ from: "if (x?.code === '23505')", to: "if (x?.code === 'never')" }],
    tests: { file: 'server/test/accounts.test.ts', title: 'simultaneous registrations' },
  },
  {
    name: 'stock-condition',
    guarantee: 'stock is never sold twice: a take finds fewer pieces than it asks and is refused',
    file: 'server/src/sales/stock.ts',
    edits: [
      {
        from: '${productOffers.id} = ${offerId} AND ${productOffers.stock} >= ${quantity}',
        to: '${productOffers.id} = ${offerId}',
      },
    ],
    tests: { file: 'server/test/stock.test.ts', title: 'refuses more than is left|fifty takes' },
  },
  {
    name: 'stale-save',
    guarantee: 'an admin form loaded before an order cannot write the sold stock back',
    file: 'server/src/crud/service.ts',
    edits: [{ from: '      assertNotStale(def, existing, body);\n', to: '' }],
    tests: { file: 'server/test/stock.test.ts', title: 'cannot save the sold stock back' },
  },
  {
    name: 'pricing-priority',
    guarantee: 'cart rules apply in ascending priority, as the admin help says',
    file: 'server/src/pricing/rules.ts',
    edits: [
      {
        from: 'return a.priority - b.priority || a.id - b.id;',
        to: 'return b.priority - a.priority || a.id - b.id;',
      },
    ],
    tests: { file: 'server/test/pricing.test.ts', title: 'the pricing table' },
  },
  {
    name: 'coupon-use-lock',
    guarantee: 'a coupon is never used beyond its limit by orders placed at the same moment',
    file: 'server/src/sales/place-order.ts',
    edits: [{ from: '        lockCoupon: true,\n', to: '        lockCoupon: false,\n' }],
    tests: { file: 'server/test/orders.test.ts', title: 'coupon limited to 5' },
  },
  {
    name: 'order-idempotency',
    guarantee: 'one Idempotency-Key places one order, however often it is sent',
    file: 'server/src/sales/place-order.ts',
    edits: [{ from: '        if (done) return { ...done, repeated: true };\n      }\n', to: '      }\n' }],
    tests: { file: 'server/test/orders.test.ts', title: 'Idempotency-Key' },
  },
  {
    name: 'order-bonus-lock',
    guarantee: "a customer's points are never spent twice by two orders at once",
    file: 'server/src/sales/place-order.ts',
    edits: [
      {
        from: '      if (viewer) await balanceOf(tx, viewer.id, { lock: true });',
        to: '      if (viewer) await balanceOf(tx, viewer.id, { lock: false });',
      },
    ],
    tests: { file: 'server/test/orders.test.ts', title: 'spent twice' },
  },
  {
    name: 'order-expected-total',
    guarantee: 'an order is never placed at a total other than the one the customer saw',
    file: 'server/src/sales/place-order.ts',
    edits: [{ from: 'expectedTotal !== view.totals.total', to: 'expectedTotal === -1' }],
    tests: { file: 'server/test/orders.test.ts', title: 'refuses bad orders|spent twice' },
  },
  {
    name: 'payment-applied-once',
    guarantee: 'a payment marks its order paid and tells the customer once, however many notifications come',
    file: 'server/src/payments/attempts.ts',
    edits: [
      {
        from: "if (a.status === payment.status || a.status === 'succeeded' || a.status === 'canceled')",
        to: 'if (a.status === payment.status && payment.status === "pending")',
      },
      { from: 'if (canPayOnline(order)) {', to: "if (canPayOnline(order) || order.status === 'paid') {" },
    ],
    tests: { file: 'server/test/payments.test.ts', title: 'marks the order paid once|at once' },
  },
  {
    name: 'payment-body-trusted',
    guarantee: "a notification's body is never trusted: the payment is read again from the provider",
    file: 'server/src/payments/notification-routes.ts',
    edits: [
      {
        from: 'const payment = await provider.getPayment(paymentId!);',
        to: "const payment = { ...(await provider.getPayment(paymentId!)), status: 'succeeded' as const };",
      },
    ],
    tests: { file: 'server/test/payments.test.ts', title: 'never trusted' },
  },
  {
    name: 'cancel-refund',
    guarantee: "a paid order's cancel sends the money back through the provider",
    file: 'server/src/payments/refunds.ts',
    edits: [
      {
        from: 'providerRefund = await refundAtProvider(tx, attempt, config, amount, description, receipt);',
        to: 'void refundAtProvider;',
      },
    ],
    tests: { file: 'server/test/payments.test.ts', title: 'refunded' },
  },
  {
    name: 'refund-within-paid',
    guarantee: 'a refund never gives back more than was paid minus what was refunded',
    file: 'server/src/payments/refunds.ts',
    edits: [{ from: 'if (amount > money.refundable)', to: 'if (amount > money.received)' }],
    tests: { file: 'server/test/refunds.test.ts', title: 'bad input|at once|returns the rest' },
  },
  {
    name: 'cancel-returns-stock',
    guarantee: "a canceled order's pieces go back to stock",
    file: 'server/src/sales/stock.ts',
    edits: [
      {
        from: 'set({ stock: sql`${productOffers.stock} + ${quantity}` })',
        to: 'set({ stock: sql`${productOffers.stock}` })',
      },
    ],
    tests: { file: 'server/test/payments.test.ts', title: 'cancels their own|canceled by the administrator' },
  },
];

/** Guarantees whose code does not exist yet; listed so that the gap is visible. */
const PENDING: { name: string; guarantee: string; why: string }[] = [];

const root = resolve(import.meta.dirname, '../..');
const work = mkdtempSync(join(tmpdir(), 'mutations-'));

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

function apply(m: Mutation, source: string): string {
  let text = source;
  for (const e of m.edits) {
    const at = text.indexOf(e.from);
    if (at < 0 || text.indexOf(e.from, at + 1) >= 0)
      throw new Error(`stale: the text to change is not in ${m.file} exactly once`);
    text = text.slice(0, at) + e.to + text.slice(at + e.from.length);
  }
  return text;
}

if (!process.env.TEST_DATABASE_URL) {
  console.error(
    'TEST_DATABASE_URL is not set: the race guarantees are proved only on PostgreSQL. ' +
      'Run: TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run test:mutations',
  );
  process.exit(2);
}

const only = process.argv.slice(2);
const chosen = MUTATIONS.filter((m) => !only.length || only.includes(m.name));
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
  let mutated: string;
  try {
    mutated = apply(m, original);
  } catch (e) {
    rows.push([m.name, 'STALE', (e as Error).message]);
    missed++;
    continue;
  }
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
  writeFileSync(path, mutated);
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
