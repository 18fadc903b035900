// The mutations of `npm run test:mutations` (mutations.ts runs them): each breaks the code behind one
// guarantee that matters most, and names the tests that must then fail. mutations-list.test.ts checks, in
// every `npm test`, that each still applies to the code as it is now, so a refactor that moves a guarded line
// fails at once instead of leaving a mutation that no longer tests anything.

export interface Mutation {
  name: string;
  guarantee: string;
  file: string;
  /** Each `from` must occur exactly once in the file; it is replaced by `to`. */
  edits: { from: string; to: string }[];
  /** The test file and a title pattern (vitest -t) of the tests that must catch it. */
  tests: { file: string; title: string };
}

export const MUTATIONS: Mutation[] = [
  {
    name: 'bonus-ledger-lock',
    guarantee: 'a bonus balance never goes below zero, even with debits at the same moment',
    file: 'server/src/domains/sales/bonus-ledger.ts',
    edits: [
      {
        from: '      ? sql`SELECT id FROM users WHERE id = ${userId} FOR UPDATE`\n      : sql',
        to: '      ? sql`SELECT id FROM users WHERE id = ${userId}`\n      : sql',
      },
    ],
    tests: { file: 'server/test/admin-sales.test.ts', title: 'never overdraws' },
  },
  {
    name: 'outbox-claim-lock',
    guarantee: 'with several instances, each e-mail and SMS goes out once',
    file: 'server/src/domains/messages/delivery.ts',
    edits: [{ from: '          FOR UPDATE SKIP LOCKED\n', to: '' }],
    tests: { file: 'server/test/messages-delivery.test.ts', title: 'race for the same batch' },
  },
  {
    name: 'outbox-skip-locked',
    guarantee: 'a worker never waits behind a message another instance holds',
    file: 'server/src/domains/messages/delivery.ts',
    edits: [{ from: '          FOR UPDATE SKIP LOCKED\n', to: '          FOR UPDATE\n' }],
    tests: { file: 'server/test/messages-delivery.test.ts', title: 'another instance holds' },
  },
  {
    name: 'csv-import-transaction',
    guarantee: 'a CSV import writes every row or none',
    file: 'server/src/domains/catalog/product-import.ts',
    edits: [
      { from: 'await ctx.db.transaction(async (tx) => {', to: 'await (async (tx: typeof ctx.db) => {' },
      {
        from: '    await hooks.finish?.(tx, ids);\n  });',
        to: '    await hooks.finish?.(tx, ids);\n  })(ctx.db);',
      },
    ],
    tests: { file: 'server/test/csv.test.ts', title: 'fails while writing' },
  },
  {
    name: 'row-access',
    guarantee: 'a role never sees or changes rows outside its x-access.rows (a manager and staff accounts)',
    file: 'server/src/platform/crud/access.ts',
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
    file: 'server/src/platform/crud/access.ts',
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
    file: 'server/src/platform/crud/access.ts',
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
    file: 'server/src/domains/accounts/tokens.ts',
    edits: [{ from: '        isNull(userTokens.usedAt),\n', to: '' }],
    tests: { file: 'server/test/accounts.test.ts', title: 'single-use link' },
  },
  {
    name: 'reset-ends-sessions',
    guarantee: 'a password reset signs the account out everywhere',
    file: 'server/src/domains/accounts/password-routes.ts',
    edits: [{ from: '        await revokeUserSessions(tx, spent.userId);\n', to: '' }],
    tests: { file: 'server/test/accounts.test.ts', title: 'ends every session' },
  },
  {
    name: 'captcha-single-use',
    guarantee: 'a captcha is checked once, right or wrong',
    file: 'server/src/domains/forms/captcha.ts',
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
    file: 'server/src/domains/accounts/register.ts',
    edits: [{ from: "if (x?.code === '23505')", to: "if (x?.code === 'never')" }],
    tests: { file: 'server/test/accounts.test.ts', title: 'simultaneous registrations' },
  },
  {
    name: 'stock-condition',
    guarantee: 'stock is never sold twice: a take finds fewer pieces than it asks and is refused',
    file: 'server/src/domains/sales/stock.ts',
    edits: [
      {
        from: 'WHERE o.id = w.id AND l.id = w.id AND o.stock >= w.quantity',
        to: 'WHERE o.id = w.id AND l.id = w.id',
      },
    ],
    tests: { file: 'server/test/stock.test.ts', title: 'refuses more than is left|fifty takes' },
  },
  {
    name: 'order-stock-in-transaction',
    guarantee: "an order takes all of its pieces or none: an offer short of stock undoes the order's write",
    file: 'server/src/flows/checkout/place-order.ts',
    edits: [{ from: 'taken: stock.offers }', to: 'taken: undefined }' }],
    tests: {
      file: 'server/test/orders.test.ts',
      title: 'sells out after it was priced|never take part of an order',
    },
  },
  {
    name: 'stale-save',
    guarantee: 'an admin form loaded before an order cannot write the sold stock back',
    file: 'server/src/platform/crud/service/write.ts',
    edits: [{ from: '        if (existing) assertNotStale(def, existing, w.body);\n', to: '' }],
    tests: { file: 'server/test/stock.test.ts', title: 'cannot save the sold stock back' },
  },
  {
    name: 'coupon-guess-limit',
    guarantee: "promo codes cannot be guessed: 20 tries in 10 minutes from one address, not the cart's 600",
    file: 'server/src/domains/sales/cart-routes.ts',
    edits: [{ from: "      limited('cartCoupon'),\n", to: '      limited(),\n' }],
    tests: { file: 'server/test/public-limits.test.ts', title: 'promo codes' },
  },
  {
    name: 'pricing-priority',
    guarantee: 'cart rules apply in ascending priority, as the admin help says',
    file: 'server/src/domains/pricing/rules.ts',
    edits: [
      {
        from: 'return a.priority - b.priority || a.id - b.id;',
        to: 'return b.priority - a.priority || a.id - b.id;',
      },
    ],
    tests: { file: 'server/test/pricing.test.ts', title: 'the pricing table' },
  },
  {
    name: 'order-empties-cart',
    guarantee: 'the cart an order was placed from is emptied by the same statement that writes the order',
    file: 'server/src/flows/checkout/place-order.ts',
    edits: [{ from: '        cartEmptied.lines,\n', to: '' }],
    tests: { file: 'server/test/orders.test.ts', title: 'a guest places an order' },
  },
  {
    name: 'order-cart-version',
    guarantee: 'a line added to a cart while its order is placed is ordered or left in the cart, never lost',
    file: 'server/src/flows/checkout/place-order.ts',
    edits: [
      {
        from: '{ emptied: cartEmptied ? 1 : undefined,',
        to: '{ emptied: undefined,',
      },
    ],
    tests: { file: 'server/test/orders.test.ts', title: 'never lost' },
  },
  {
    name: 'coupon-use-lock',
    guarantee: 'a coupon is never used beyond its limit by orders placed at the same moment',
    file: 'server/src/flows/checkout/place-order.ts',
    edits: [{ from: '      lockCoupon: true,\n', to: '      lockCoupon: false,\n' }],
    tests: { file: 'server/test/orders.test.ts', title: 'coupon limited to 5' },
  },
  {
    name: 'order-idempotency',
    guarantee: 'one Idempotency-Key places one order, however often it is sent',
    file: 'server/src/flows/checkout/place-order.ts',
    // Both looks at the key: the emptied cart's (the order placed) and the unique index's (placed meanwhile).
    edits: [
      {
        from: "    const done = keyHash && source.kind === 'cart' ? await placedByKey(db, keyHash) : null;",
        to: '    const done = null;',
      },
      { from: '      if (keyHash && isUniqueViolation(error)) {', to: '      if (keyHash && false) {' },
    ],
    tests: { file: 'server/test/orders.test.ts', title: 'Idempotency-Key' },
  },
  {
    name: 'order-bonus-lock',
    guarantee: "a customer's points are never spent twice by two orders at once",
    file: 'server/src/flows/checkout/place-order.ts',
    edits: [
      {
        from: '    if (viewer && contents.bonusPoints > 0) await lockCustomer(q, viewer.id);',
        to: '    if (viewer && contents.bonusPoints > 0) void lockCustomer;',
      },
    ],
    tests: { file: 'server/test/orders.test.ts', title: 'spent twice' },
  },
  {
    name: 'order-expected-total',
    guarantee: 'an order is never placed at a total other than the one the customer saw',
    file: 'server/src/flows/checkout/place-order.ts',
    edits: [{ from: 'expectedTotal !== view.totals.total', to: 'expectedTotal === -1' }],
    tests: { file: 'server/test/orders.test.ts', title: 'refuses bad orders|spent twice' },
  },
  {
    name: 'payment-applied-once',
    guarantee: 'a payment marks its order paid and tells the customer once, however many notifications come',
    file: 'server/src/flows/payment/attempts.ts',
    edits: [
      {
        from: "if (a.status === payment.status || a.status === 'succeeded' || a.status === 'canceled')",
        to: 'if (a.status === payment.status && payment.status === "pending")',
      },
      {
        from: 'if (canPayOnline(order) && attempt.amount === order.total) {',
        to: "if ((canPayOnline(order) || order.status === 'paid') && attempt.amount === order.total) {",
      },
    ],
    tests: { file: 'server/test/payments.test.ts', title: 'marks the order paid once|at once' },
  },
  {
    name: 'payment-body-trusted',
    guarantee: "a notification's body is never trusted: the payment is read again from the provider",
    file: 'server/src/flows/payment/notification-routes.ts',
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
    file: 'server/src/flows/order-status/refunds.ts',
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
    file: 'server/src/flows/order-status/refunds.ts',
    edits: [{ from: 'if (amount > money.refundable)', to: 'if (amount > money.received)' }],
    tests: { file: 'server/test/refunds.test.ts', title: 'bad input|at once|returns the rest' },
  },
  {
    name: 'cancel-returns-stock',
    guarantee: "a canceled order's pieces go back to stock",
    file: 'server/src/domains/sales/stock.ts',
    edits: [
      {
        from: 'set({ stock: sql`${productOffers.stock} + ${quantity}` })',
        to: 'set({ stock: sql`${productOffers.stock}` })',
      },
    ],
    tests: { file: 'server/test/payments.test.ts', title: 'cancels their own|canceled by the administrator' },
  },
  {
    name: 'cart-many-all-or-none',
    guarantee: 'several variants go into a cart all or none: a refused line leaves the cart as it was',
    file: 'server/src/domains/sales/cart-store.ts',
    edits: [
      {
        from: 'addLine(held, edit, line.offerId, line.quantity, at);',
        to: '{ try { addLine(held, edit, line.offerId, line.quantity, at); } catch { /* skipped */ } }',
      },
    ],
    tests: { file: 'server/test/cart-many.test.ts', title: 'changes nothing' },
  },
  {
    name: 'cart-change-version',
    guarantee: 'changes of one cart at the same moment are each counted once: none lost, none doubled',
    file: 'server/src/domains/sales/cart-store.ts',
    edits: [{ from: " AND xmin = ${sql.placeholder('version')}::text::xid", to: '' }],
    tests: { file: 'server/test/cart.test.ts', title: 'changes at the same moment' },
  },
];

/** Guarantees whose code does not exist yet; listed so that the gap is visible. */
export const PENDING: { name: string; guarantee: string; why: string }[] = [];

/**
 * The file's text with the mutation's edits made. Throws when a text to change is not in the file exactly
 * once: the mutation no longer applies to the code and must be re-targeted.
 */
export function applyMutation(m: Mutation, source: string): string {
  let text = source;
  for (const e of m.edits) {
    const at = text.indexOf(e.from);
    if (at < 0)
      throw new Error(`${m.name}: the text to change is not in ${m.file}: ${JSON.stringify(e.from)}`);
    if (text.indexOf(e.from, at + 1) >= 0)
      throw new Error(
        `${m.name}: the text to change is in ${m.file} more than once: ${JSON.stringify(e.from)}`,
      );
    text = text.slice(0, at) + e.to + text.slice(at + e.from.length);
  }
  return text;
}
