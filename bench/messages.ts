// The messages section of `npm run bench`: how fast the outbox delivers e-mail to an SMTP server on this
// machine, against the baseline of sending the same letters straight through the same SMTP transport (what
// the outbox adds: claiming, bookkeeping, retries' state); and how long a mailing to many subscribers takes
// to queue (one rendered outbox row per recipient).
import type { FastifyInstance } from 'fastify';
import { performance } from 'node:perf_hooks';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import type { Config } from '../server/src/platform/config';
import type { Database } from '../server/src/platform/db';
import { subscriptions } from '../server/generated/tables';
import { closeEmailTransport, sendEmail } from '../server/src/domains/messages/email';
import { enqueueEmail } from '../server/src/domains/messages/outbox';
import { deliverOutbox } from '../server/src/domains/messages/delivery';
import { median } from './util';

/** An SMTP server that accepts everything and counts the letters. */
async function sink() {
  let received = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData: (stream, _session, cb) => {
      stream.on('data', () => undefined);
      stream.on('end', () => {
        received++;
        cb();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received: () => received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const letter = (i: number) => ({
  to: `bench-${i}@example.ru`,
  subject: `Письмо № ${i}`,
  html: `<p>Здравствуйте!</p><p>Это письмо № ${i} из замера скорости отправки.</p>`,
});

export interface MessagesBench {
  letters: number;
  directPerSecond: number;
  outboxPerSecond: number;
  subscribers: number;
  mailingMs: number[];
}

export async function benchMessages(
  app: FastifyInstance,
  database: Database,
  config: Config,
  token: string,
  opts: { letters: number; subscribers: number; runs: number },
): Promise<MessagesBench> {
  const smtp = await sink();
  const from = 'Bench <bench@example.ru>';
  const cfg = { ...config, smtpUrl: smtp.url, mailFrom: from };
  // Letters the earlier sections queued (the cart section's orders) go first, outside the measurement.
  while ((await deliverOutbox(database, cfg)).claimed > 0);
  const earlier = smtp.received();

  // Baseline: the same letters straight through the transport, one after another, as the worker sends.
  let t0 = performance.now();
  for (let i = 0; i < opts.letters; i++)
    await sendEmail({ url: smtp.url }, { id: 1_000_000 + i, from, ...letter(i) });
  const directPerSecond = opts.letters / ((performance.now() - t0) / 1000);

  // The outbox: queue them, then deliver batches until nothing is due.
  for (let i = 0; i < opts.letters; i++) await enqueueEmail(database.db, letter(i));
  t0 = performance.now();
  while ((await deliverOutbox(database, cfg)).claimed > 0);
  const outboxPerSecond = opts.letters / ((performance.now() - t0) / 1000);
  if (smtp.received() - earlier !== opts.letters * 2)
    throw new Error(`the SMTP server got ${smtp.received() - earlier} letters, expected ${opts.letters * 2}`);
  closeEmailTransport();
  await smtp.close();

  // A mailing to every active subscriber, queued (not delivered) by the admin API.
  await database.exec(`
    INSERT INTO subscriptions (email, status, source, unsubscribe_token, confirmed_at)
    SELECT 'subscriber-' || g || '@example.ru', 'active', 'footer', md5('bench' || g), now()
    FROM generate_series(1, ${Math.floor(opts.subscribers)}) g
    ON CONFLICT (email) DO NOTHING`);
  // (The demo shop has no subscribers of its own, so every row is one of these.)
  const n = await database.db.$count(subscriptions);
  const mailingMs: number[] = [];
  for (let run = 0; run < opts.runs; run++) {
    t0 = performance.now();
    const res = await app.inject({
      method: 'POST',
      url: '/api/admin/messages/mailings',
      headers: { authorization: token },
      payload: {
        channel: 'email',
        audience: 'subscribers',
        subject: 'Новинки недели',
        body: '<p>Здравствуйте, {{customerName}}!</p><p>В каталоге новые клеи и ресницы.</p>',
      },
    });
    mailingMs.push(performance.now() - t0);
    if (res.statusCode !== 200 && res.statusCode !== 201)
      throw new Error(`mailing answered ${res.statusCode}: ${res.body}`);
  }
  // The queued letters must not leak into the next section's figures.
  await database.exec('DELETE FROM outbox_messages');
  return { letters: opts.letters, directPerSecond, outboxPerSecond, subscribers: n, mailingMs };
}

export function printMessages(r: MessagesBench, kind: string) {
  console.log(`\nMessages (${kind}): ${r.letters} e-mails to an SMTP server on this machine\n`);
  console.log('| case | letters per second | × baseline |');
  console.log('|---|---|---|');
  console.log(`| baseline: straight through the SMTP transport | ${r.directPerSecond.toFixed(0)} | 1.0 |`);
  console.log(
    `| through the outbox (queue, claim, send, mark) | ${r.outboxPerSecond.toFixed(0)} | ${(r.outboxPerSecond / r.directPerSecond).toFixed(2)} |`,
  );
  const m = median(r.mailingMs);
  console.log(
    `\nA mailing to ${r.subscribers} subscribers queued in ${m.toFixed(0)} ms (median of ${r.mailingMs.length}; ${((m / r.subscribers) * 1000).toFixed(0)} ms per 1 000 recipients)`,
  );
}
