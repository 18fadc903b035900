// Delivery of the outbox: real SMTP exchanges with a local smtp-server, SMS.ru's protocol from a local HTTP
// server, failures, retries, several workers at once, and the system templates.
import { asc, eq, sql } from 'drizzle-orm';
import { simpleParser, type ParsedMail } from 'mailparser';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig, type Config } from '../src/platform/config';
import { htmlToText, unsubscribeUrlOf } from '../src/domains/messages/email';
import { normalizePhone, sendSmsRu } from '../src/domains/messages/sms-ru';
import { enqueueEmail, enqueueSms, enqueueTemplatedEmail } from '../src/domains/messages/outbox';
import { ensureSystemTemplates } from '../src/domains/messages/system-templates';
import { deliverOutbox, outboxTask } from '../src/domains/messages/delivery';
import { startScheduler } from '../src/platform/jobs/scheduler';
import { housekeeping } from '../src/tasks';
import { DeliveryError } from '../src/domains/messages/delivery-error';
import { captchas, mailTemplates, outboxMessages, settings, smsTemplates } from '../generated/tables';
import { describeOnDatabases, itRaces, startTestApp, type TestApp } from './harness';

const SMTP_USER = 'shop';
const SMTP_PASS = 'smtp-secret';
const MINUTE = 60_000;

interface Received {
  /** The outbox id from the Message-ID <outbox-ID@…>. */
  outboxId: number;
  envelopeTo: string[];
  mail: ParsedMail;
}

/** A local SMTP server with authentication that keeps what it receives; can be stopped and started again. */
class TestSmtp {
  received: Received[] = [];
  port = 0;
  /** Called after each accepted message (e.g. to stop the server mid-batch). */
  afterAccept: ((count: number) => void) | null = null;
  private server: SMTPServer | null = null;

  async start(port = 0) {
    const server = new SMTPServer({
      authMethods: ['PLAIN', 'LOGIN'],
      allowInsecureAuth: true,
      disabledCommands: ['STARTTLS'],
      closeTimeout: 50,
      logger: false,
      onAuth: (auth, _session, cb) =>
        auth.username === SMTP_USER && auth.password === SMTP_PASS
          ? cb(null, { user: auth.username })
          : cb(new Error('Invalid username or password')),
      onRcptTo: (address, _session, cb) => {
        if (address.address.startsWith('refused@')) {
          const err = new Error('Mailbox unavailable') as Error & { responseCode: number };
          err.responseCode = 550;
          return cb(err);
        }
        cb();
      },
      onData: (stream, session, cb) => {
        simpleParser(stream).then(
          (mail) => {
            const outboxId = Number(/<outbox-(\d+)@/.exec(mail.messageId ?? '')?.[1]);
            this.received.push({
              outboxId,
              envelopeTo: session.envelope.rcptTo.map((r) => r.address),
              mail,
            });
            cb();
            this.afterAccept?.(this.received.length);
          },
          (e: Error) => cb(e),
        );
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
    this.server = server;
    this.port = (server.server.address() as AddressInfo).port;
  }

  stop() {
    const server = this.server;
    this.server = null;
    return new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  }

  get url() {
    return `smtp://${SMTP_USER}:${SMTP_PASS}@127.0.0.1:${this.port}`;
  }

  countsById() {
    const counts = new Map<number, number>();
    for (const r of this.received) counts.set(r.outboxId, (counts.get(r.outboxId) ?? 0) + 1);
    return counts;
  }
}

type SmsMode = 'ok' | 'error' | 'number-error' | 'http-500' | 'silent';

/** A local server speaking SMS.ru's /sms/send; `mode` decides its answer. */
class TestSmsRu {
  mode: SmsMode = 'ok';
  requests: URLSearchParams[] = [];
  private server: Server | null = null;
  url = '';

  async start() {
    this.server = createServer((req, res) => {
      let raw = '';
      req.on('data', (c: Buffer) => (raw += c.toString()));
      req.on('end', () => {
        const form = new URLSearchParams(raw);
        this.requests.push(form);
        const to = form.get('to') ?? '';
        const json = (body: unknown) => {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(JSON.stringify(body));
        };
        if (req.method !== 'POST' || req.url !== '/sms/send') {
          res.writeHead(404);
          res.end();
        } else if (this.mode === 'ok')
          json({
            status: 'OK',
            status_code: 100,
            sms: { [to]: { status: 'OK', status_code: 100, sms_id: `000000-${this.requests.length}` } },
            balance: 100.5,
          });
        else if (this.mode === 'error')
          json({ status: 'ERROR', status_code: 200, status_text: 'Неправильный api_id' });
        else if (this.mode === 'number-error')
          json({
            status: 'OK',
            status_code: 100,
            sms: {
              [to]: {
                status: 'ERROR',
                status_code: 207,
                status_text: 'На этот номер нельзя отправлять сообщения',
              },
            },
            balance: 100.5,
          });
        else if (this.mode === 'http-500') {
          res.writeHead(500);
          res.end('Internal Server Error');
        }
        // 'silent': never answers; the client's timeout ends the request.
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', () => resolve()));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  stop() {
    this.server?.closeAllConnections();
    return new Promise<void>((resolve) => this.server!.close(() => resolve()));
  }
}

/** A port nothing listens on: a server that is down. */
async function deadPort() {
  const s = createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', () => resolve()));
  const { port } = s.address() as AddressInfo;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return port;
}

describe('the text part of a letter', () => {
  it('keeps paragraphs, breaks, links, lists and tables, and drops scripts, styles, images and comments', () => {
    const html =
      '<h2>Заказ №10025</h2><p>Здравствуйте!<br>Ваш заказ <a href="https://lash.test/o/1?a=1&amp;b=2">открыть</a>, ' +
      'сайт <a href="https://lash.test">https://lash.test</a>.</p>' +
      '<table><tr><td>Клей Sky S+, 5 мл</td><td>1 шт.</td><td>1 290,00 ₽</td></tr>' +
      '<tr><td>Ресницы</td><td>2 шт.</td><td>990,00 ₽</td></tr></table>' +
      '<ul><li>доставка</li><li>оплата</li></ul><img src="/logo.png" alt="Логотип">' +
      '<script>alert(1)</script><style>p{color:red}</style><!-- заметка --><p>&laquo;Lash&raquo; &amp; Co</p>';
    expect(htmlToText(html)).toBe(
      [
        'Заказ №10025',
        '',
        'Здравствуйте!',
        'Ваш заказ открыть (https://lash.test/o/1?a=1&b=2), сайт https://lash.test.',
        '',
        'Клей Sky S+, 5 мл   1 шт.   1 290,00 ₽',
        'Ресницы             2 шт.   990,00 ₽',
        '',
        '• доставка',
        '• оплата',
        '',
        '«Lash» & Co',
      ].join('\n'),
    );
  });

  it('finds the unsubscribe link with its entities decoded, and nothing in a letter without one', () => {
    expect(
      unsubscribeUrlOf(
        '<p><a href="/catalog">Каталог</a> <a href="https://lash.test/newsletter/unsubscribe?token=t1&amp;utm=mail">Отписаться</a></p>',
      ),
    ).toBe('https://lash.test/newsletter/unsubscribe?token=t1&utm=mail');
    expect(
      unsubscribeUrlOf('<p><a href="https://lash.test/newsletter/unsubscribe?token=">x</a></p>'),
    ).toBeNull();
    expect(unsubscribeUrlOf('<p>Новые ресницы.</p>')).toBeNull();
  });
});

describe('phone numbers for SMS.ru', () => {
  it('are normalised to 7XXXXXXXXXX from the common Russian notations', () => {
    expect(normalizePhone('+7 (912) 345-67-89')).toBe('79123456789');
    expect(normalizePhone('8 912 345 67 89')).toBe('79123456789');
    expect(normalizePhone('89123456789')).toBe('79123456789');
    expect(normalizePhone('9123456789')).toBe('79123456789');
    expect(normalizePhone('79123456789')).toBe('79123456789');
  });
  it('are refused when they are not Russian numbers', () => {
    expect(normalizePhone('12345')).toBeNull();
    expect(normalizePhone('+1 212 555 01 23')).toBeNull();
    expect(normalizePhone('8912345678')).toBeNull();
    expect(normalizePhone('')).toBeNull();
  });
});

describeOnDatabases('outbox delivery on $name', (target) => {
  let t: TestApp;
  const smtp = new TestSmtp();
  const sms = new TestSmsRu();
  const base = loadConfig({});
  const config = (over: Partial<Config> = {}): Config => ({
    ...base,
    siteUrl: 'https://lash.test',
    smtpUrl: smtp.url,
    mailFrom: '"Lash Shop" <shop@lash.test>',
    smsRuApiId: 'test-api-id',
    smsRuUrl: sms.url,
    ...over,
  });
  const db = () => t.database.db;
  const rowOf = async (id: number) =>
    (await db().select().from(outboxMessages).where(eq(outboxMessages.id, id)))[0]!;
  const email = (to: string, n: number) =>
    enqueueEmail(db(), { to, subject: `Письмо ${n}`, html: `<p>Текст письма ${n}</p>` });

  beforeAll(async () => {
    t = await startTestApp(target);
    await smtp.start();
    await sms.start();
  });
  afterAll(async () => {
    await smtp.stop();
    await sms.stop();
    await t.close();
  });
  beforeEach(async () => {
    await db().delete(outboxMessages);
    await db().delete(settings);
    smtp.received = [];
    smtp.afterAccept = null;
    sms.requests = [];
    sms.mode = 'ok';
  });

  describe('e-mail over SMTP', () => {
    it('delivers a templated letter: subject, recipient, sender, HTML body and a text alternative', async () => {
      await ensureSystemTemplates(db());
      const id = await enqueueTemplatedEmail(db(), {
        code: 'feedback.message',
        to: 'admin@lash.test',
        site: 'https://lash.test',
        values: {
          shopName: 'Lash Shop',
          supportPhone: '+7 (800) 555-35-35',
          requestName: 'Мария <b>',
          requestEmail: 'maria@example.ru',
          requestPhone: '89123456789',
          requestMessage: 'Есть ли клей Sky S+ в наличии?',
          adminUrl: 'https://lash.test/nuxt/forms-list',
        },
      });
      const counts = await deliverOutbox(t.database, config());
      expect(counts).toEqual({ claimed: 1, sent: 1, failed: 0, held: 0 });

      expect(smtp.received).toHaveLength(1);
      const { mail, envelopeTo, outboxId } = smtp.received[0]!;
      expect(outboxId).toBe(id);
      expect(mail.messageId).toBe(`<outbox-${id}@lash.test>`);
      expect(envelopeTo).toEqual(['admin@lash.test']);
      expect(mail.subject).toBe('Сообщение с сайта от Мария <b>');
      expect(mail.from?.value).toEqual([{ address: 'shop@lash.test', name: 'Lash Shop' }]);
      // The customer's text is escaped in the HTML: it cannot add markup to the letter.
      expect(mail.html).toContain('Имя: <strong>Мария &lt;b&gt;</strong>');
      expect(mail.html).toContain('<a href="mailto:maria@example.ru">maria@example.ru</a>');
      expect(mail.html).toContain('Есть ли клей Sky S+ в наличии?');
      expect(mail.text).toContain('Имя: Мария <b>');
      // A mailto link whose text is the address itself is written once.
      expect(mail.text).toContain('E-mail: maria@example.ru\nТелефон: 89123456789');
      expect(mail.text).toContain('«Заявки с сайта» (https://lash.test/nuxt/forms-list)');
      expect(mail.text).not.toMatch(/<\/?(p|strong|a|br|blockquote)\b/);
      // An ordinary letter has no unsubscribe headers.
      expect(mail.headerLines.some((h) => h.key.startsWith('list-'))).toBe(false);

      const row = await rowOf(id!);
      expect(row.status).toBe('sent');
      expect(row.attempts).toBe(1);
      expect(row.sentAt).toBeInstanceOf(Date);
      expect(row.providerId).toMatch(/^250/);
      expect(row.lastError).toBeNull();
      expect(row.lockedUntil).toBeNull();
    });

    it('gives a newsletter one-click unsubscribe headers from its unsubscribe link', async () => {
      const link = 'https://lash.test/newsletter/unsubscribe?token=abc123&amp;utm=mail';
      await enqueueEmail(db(), {
        to: 'reader@example.ru',
        subject: 'Новинки недели',
        html: `<p>Новые ресницы.</p><p><a href="${link}">Отписаться</a></p>`,
      });
      await deliverOutbox(t.database, config());
      const { mail } = smtp.received[0]!;
      const header = (key: string) =>
        mail.headerLines.find((h) => h.key === key)?.line.replace(/\r\n\s*/g, ' ');
      expect(header('list-unsubscribe')).toBe(
        'List-Unsubscribe: <https://lash.test/newsletter/unsubscribe?token=abc123&utm=mail>',
      );
      expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
      expect(mail.text).toContain(
        'Отписаться (https://lash.test/newsletter/unsubscribe?token=abc123&utm=mail)',
      );
    });

    it('gives up at once on a recipient the server refuses', async () => {
      const id = await email('refused@example.ru', 1);
      const counts = await deliverOutbox(t.database, config());
      expect(counts).toMatchObject({ sent: 0, failed: 1 });
      const row = await rowOf(id);
      expect(row.status).toBe('failed');
      expect(row.lastError).toMatch(
        /^Ошибка отправки: SMTP-сервер отклонил отправителя или получателя \(.*550/,
      );
      expect(row.nextAttemptAt).toBeNull();
      expect(smtp.received).toHaveLength(0);
    });

    it('retries, not gives up, when the server refuses the login', async () => {
      const id = await email('anna@example.ru', 1);
      const now = new Date();
      const wrong = `smtp://${SMTP_USER}:wrong@127.0.0.1:${smtp.port}`;
      await deliverOutbox(t.database, config({ smtpUrl: wrong }), { now });
      const row = await rowOf(id);
      expect(row.status).toBe('failed');
      expect(row.lastError).toMatch(/^Ошибка отправки: SMTP-сервер не принял логин или пароль/);
      expect(row.nextAttemptAt?.getTime()).toBe(now.getTime() + MINUTE);
      // The administrator corrects the password: the retry goes out.
      await deliverOutbox(t.database, config(), { now: new Date(now.getTime() + MINUTE) });
      expect((await rowOf(id)).status).toBe('sent');
      expect(smtp.countsById().get(id)).toBe(1);
    });

    it('loses nothing when the SMTP server stops mid-batch, and delivers each letter once when it returns', async () => {
      const ids: number[] = [];
      for (let n = 1; n <= 6; n++) ids.push(await email(`buyer${n}@example.ru`, n));
      // The server goes down right after accepting the third letter.
      smtp.afterAccept = (count) => {
        if (count === 3) void smtp.stop();
      };
      const now = new Date();
      const first = await deliverOutbox(t.database, config(), { now });
      expect(first).toEqual({ claimed: 6, sent: 3, failed: 3, held: 0 });
      const rows = await db().select().from(outboxMessages).orderBy(asc(outboxMessages.id));
      expect(rows.map((r) => r.status)).toEqual(['sent', 'sent', 'sent', 'failed', 'failed', 'failed']);
      for (const r of rows.slice(3)) {
        expect(r.lastError).toMatch(/^Ошибка отправки: (SMTP-сервер недоступен|ошибка SMTP)/);
        expect(r.attempts).toBe(1);
        expect(r.nextAttemptAt?.getTime()).toBe(now.getTime() + MINUTE);
      }

      // Before the retry is due nothing is tried again.
      await smtp.start(smtp.port);
      expect(await deliverOutbox(t.database, config(), { now })).toMatchObject({ claimed: 0 });

      const later = new Date(now.getTime() + MINUTE);
      expect(await deliverOutbox(t.database, config(), { now: later })).toEqual({
        claimed: 3,
        sent: 3,
        failed: 0,
        held: 0,
      });
      expect(await deliverOutbox(t.database, config(), { now: later })).toMatchObject({ claimed: 0 });
      const counts = smtp.countsById();
      expect([...counts.keys()].sort((a, b) => a - b)).toEqual(ids);
      expect([...counts.values()].every((c) => c === 1)).toBe(true);
      const after = await db().select().from(outboxMessages);
      expect(after.every((r) => r.status === 'sent' && r.lastError === null)).toBe(true);
    });

    itRaces(
      target,
      'sends each message exactly once when several workers race for the same batch',
      async () => {
        // Six instances' workers claim at the same moment, five times over. Without the claim's row lock
        // two of them take the same rows from the same snapshot and the letter goes out twice.
        for (let round = 1; round <= 5; round++) {
          smtp.received = [];
          const ids: number[] = [];
          for (let n = 1; n <= 24; n++) ids.push(await email(`racer${round}-${n}@example.ru`, n));
          const results = await Promise.all(
            Array.from({ length: 6 }, () => deliverOutbox(t.database, config(), { limit: 8 })),
          );
          expect(results.reduce((sum, r) => sum + r.failed, 0)).toBe(0);
          expect([...smtp.countsById().entries()].filter(([, c]) => c !== 1)).toEqual([]);
          // Whatever no worker of the round claimed, the next batch takes.
          await deliverOutbox(t.database, config(), { limit: 24 });
          expect([...smtp.countsById().keys()].sort((x, y) => x - y)).toEqual(ids);
          expect([...smtp.countsById().values()].every((c) => c === 1)).toBe(true);
        }
      },
    );

    itRaces(target, 'passes over a message another instance holds instead of waiting for it', async () => {
      const ids: number[] = [];
      for (let n = 1; n <= 4; n++) ids.push(await email(`held${n}@example.ru`, n));
      const inFlight: Promise<unknown>[] = [];
      // Another instance is in the middle of claiming the first message: its row stays locked until that
      // transaction ends. A worker must take the other three now, not queue up behind the lock.
      await db().transaction(async (tx) => {
        await tx.execute(sql`SELECT id FROM outbox_messages WHERE id = ${ids[0]!} FOR UPDATE`);
        const delivered = deliverOutbox(t.database, config());
        inFlight.push(delivered);
        const outcome = await Promise.race([
          delivered,
          new Promise((resolve) => setTimeout(() => resolve('still waiting after 3 s'), 3000)),
        ]);
        expect(outcome).toEqual({ claimed: 3, sent: 3, failed: 0, held: 0 });
      });
      await Promise.all(inFlight);
      expect([...smtp.countsById().keys()].sort((x, y) => x - y)).toEqual(ids.slice(1));
      expect((await rowOf(ids[0]!)).status).toBe('queued');
    });

    it('the background worker sends a queued letter by itself soon after it is queued, and stops cleanly', async () => {
      // Polling runs every few seconds; the 'queued' event is what brings this letter out sooner.
      const worker = startScheduler([outboxTask(t.database, config(), t.app.log)], t.app.log, t.metrics);
      try {
        const arrived = new Promise<void>((resolve) => {
          smtp.afterAccept = () => resolve();
        });
        const id = await email('background@example.ru', 1);
        await arrived;
        await worker.stop();
        expect(smtp.countsById()).toEqual(new Map([[id, 1]]));
        expect((await rowOf(id)).status).toBe('sent');
      } finally {
        await worker.stop();
      }
    });

    it('takes over a message whose sender died mid-send once its lease runs out, and only then', async () => {
      const now = new Date();
      const stale = await email('stale@example.ru', 1);
      const leased = await email('leased@example.ru', 2);
      await db()
        .update(outboxMessages)
        .set({ status: 'sending', attempts: 1, lockedUntil: new Date(now.getTime() - 1000) })
        .where(eq(outboxMessages.id, stale));
      await db()
        .update(outboxMessages)
        .set({ status: 'sending', attempts: 1, lockedUntil: new Date(now.getTime() + MINUTE) })
        .where(eq(outboxMessages.id, leased));
      expect(await deliverOutbox(t.database, config(), { now })).toMatchObject({ claimed: 1, sent: 1 });
      expect((await rowOf(stale)).status).toBe('sent');
      expect((await rowOf(stale)).attempts).toBe(2);
      expect((await rowOf(leased)).status).toBe('sending');
      expect([...smtp.countsById().keys()]).toEqual([stale]);
    });

    it('retries after 1, 5, 15 and 60 minutes and 6 hours, then gives up after the sixth attempt', async () => {
      const down = `smtp://${SMTP_USER}:${SMTP_PASS}@127.0.0.1:${await deadPort()}`;
      const id = await email('patient@example.ru', 1);
      const delays = [1, 5, 15, 60, 360].map((m) => m * MINUTE);
      let now = new Date();
      for (let attempt = 1; attempt <= 6; attempt++) {
        expect(await deliverOutbox(t.database, config({ smtpUrl: down }), { now })).toMatchObject({
          claimed: 1,
          failed: 1,
        });
        const row = await rowOf(id);
        expect(row.status).toBe('failed');
        expect(row.attempts).toBe(attempt);
        expect(row.lastError).toMatch(/^Ошибка отправки: SMTP-сервер недоступен/);
        if (attempt === 6) {
          expect(row.nextAttemptAt).toBeNull();
          break;
        }
        expect(row.nextAttemptAt!.getTime() - now.getTime()).toBe(delays[attempt - 1]);
        // A moment before the next try is due, the message is left alone.
        const early = new Date(row.nextAttemptAt!.getTime() - 1000);
        expect(await deliverOutbox(t.database, config({ smtpUrl: down }), { now: early })).toMatchObject({
          claimed: 0,
        });
        now = row.nextAttemptAt!;
      }
      // Given up: even a working server a year later does not get it.
      const year = new Date(now.getTime() + 365 * 24 * 60 * MINUTE);
      expect(await deliverOutbox(t.database, config(), { now: year })).toMatchObject({ claimed: 0 });
      expect(smtp.received).toHaveLength(0);
    });
  });

  describe('no gateway configured', () => {
    it('holds e-mails with the reason, not counting tries, and sends them once SMTP is set in the settings', async () => {
      const id = await email('held@example.ru', 1);
      const none = config({ smtpUrl: null, mailFrom: null });
      expect(await deliverOutbox(t.database, none)).toMatchObject({ claimed: 0, held: 1 });
      let row = await rowOf(id);
      expect(row.status).toBe('held');
      expect(row.attempts).toBe(0);
      expect(row.lastError).toBe(
        'Не отправлено: шлюз не настроен (e-mail: задайте SMTP_URL или SMTP-сервер в настройках магазина)',
      );
      // Still held at the next poll, still not counted.
      expect(await deliverOutbox(t.database, none)).toMatchObject({ claimed: 0, held: 0 });
      expect((await rowOf(id)).attempts).toBe(0);

      await db().insert(settings).values({
        shopName: 'Ресницы оптом',
        smtpHost: '127.0.0.1',
        smtpPort: smtp.port,
        smtpSecure: false,
        smtpUser: SMTP_USER,
        smtpPassword: SMTP_PASS,
        mailFromName: 'Ресницы оптом',
        mailFromEmail: 'hello@lash.test',
      });
      expect(await deliverOutbox(t.database, none)).toMatchObject({ claimed: 1, sent: 1 });
      row = await rowOf(id);
      expect(row.status).toBe('sent');
      expect(row.attempts).toBe(1);
      expect(row.lastError).toBeNull();
      const { mail } = smtp.received[0]!;
      expect(mail.from?.value).toEqual([{ address: 'hello@lash.test', name: 'Ресницы оптом' }]);
      expect(mail.messageId).toBe(`<outbox-${id}@lash.test>`);
    });

    it('signs letters with the shop name and a noreply address of the site when no sender is set', async () => {
      await db().insert(settings).values({ shopName: 'Ресницы оптом' });
      await email('anna@example.ru', 1);
      await deliverOutbox(t.database, config({ mailFrom: null }));
      expect(smtp.received[0]!.mail.from?.value).toEqual([
        { address: 'noreply@lash.test', name: 'Ресницы оптом' },
      ]);
    });

    it('holds SMS while the provider of the settings is not supported, and sends them with SMS_RU_API_ID', async () => {
      await db().insert(settings).values({ shopName: 'Ресницы', smsProvider: 'smsc', smsApiKey: 'k' });
      const id = await enqueueSms(db(), { to: '+7 912 345-67-89', text: 'Заказ 100 принят' });
      await deliverOutbox(t.database, config({ smsRuApiId: null }));
      let row = await rowOf(id);
      expect(row.status).toBe('held');
      expect(row.lastError).toBe(
        'Не отправлено: шлюз не настроен (SMS-провайдер SMSC.ru пока не поддерживается)',
      );

      await db().update(settings).set({ smsProvider: null });
      await deliverOutbox(t.database, config({ smsRuApiId: null }));
      row = await rowOf(id);
      expect(row.lastError).toBe(
        'Не отправлено: шлюз не настроен (SMS: задайте SMS_RU_API_ID или SMS-провайдера в настройках магазина)',
      );
      await db().update(settings).set({ smsProvider: 'smsru', smsApiKey: null });
      await deliverOutbox(t.database, config({ smsRuApiId: null }));
      expect((await rowOf(id)).lastError).toBe(
        'Не отправлено: шлюз не настроен (SMS.ru: в настройках магазина не указан API-ключ (api_id))',
      );
      expect(sms.requests).toHaveLength(0);
      expect((await rowOf(id)).attempts).toBe(0);

      expect(await deliverOutbox(t.database, config())).toMatchObject({ claimed: 1, sent: 1 });
      expect((await rowOf(id)).status).toBe('sent');
      expect(sms.requests).toHaveLength(1);
    });

    it('sends SMS with the SMS.ru key of the settings', async () => {
      await db()
        .insert(settings)
        .values({ shopName: 'Ресницы', smsProvider: 'smsru', smsApiKey: 'key-from-settings' });
      const id = await enqueueSms(db(), { to: '89123456789', text: 'Код 1234' });
      await deliverOutbox(t.database, config({ smsRuApiId: null }));
      expect((await rowOf(id)).status).toBe('sent');
      expect(sms.requests[0]!.get('api_id')).toBe('key-from-settings');
    });
  });

  describe('SMS over SMS.ru', () => {
    it('posts api_id, the normalised number, the text and the sender name, and keeps the sms_id', async () => {
      await db().insert(settings).values({ shopName: 'Ресницы', smsSenderName: 'LashShop' });
      const id = await enqueueSms(db(), {
        to: '+7 (912) 345-67-89',
        text: 'Заказ 10025 принят, сумма 4 350 ₽',
      });
      expect(await deliverOutbox(t.database, config())).toMatchObject({ sent: 1 });
      expect(sms.requests).toHaveLength(1);
      expect(Object.fromEntries(sms.requests[0]!)).toEqual({
        api_id: 'test-api-id',
        to: '79123456789',
        msg: 'Заказ 10025 принят, сумма 4 350 ₽',
        json: '1',
        from: 'LashShop',
      });
      const row = await rowOf(id);
      expect(row.status).toBe('sent');
      expect(row.providerId).toBe('000000-1');
    });

    it('keeps SMS.ru’s error code and text when it refuses the request, and retries', async () => {
      sms.mode = 'error';
      const id = await enqueueSms(db(), { to: '89123456789', text: 'Код 1234' });
      const now = new Date();
      expect(await deliverOutbox(t.database, config(), { now })).toMatchObject({ failed: 1 });
      const row = await rowOf(id);
      expect(row.status).toBe('failed');
      expect(row.lastError).toBe('Ошибка отправки: SMS.ru: 200 — Неправильный api_id');
      expect(row.nextAttemptAt?.getTime()).toBe(now.getTime() + MINUTE);
    });

    it('gives up at once when SMS.ru refuses the number', async () => {
      sms.mode = 'number-error';
      const id = await enqueueSms(db(), { to: '89123456789', text: 'Код 1234' });
      await deliverOutbox(t.database, config());
      const row = await rowOf(id);
      expect(row.status).toBe('failed');
      expect(row.lastError).toBe('Ошибка отправки: SMS.ru: 207 — На этот номер нельзя отправлять сообщения');
      expect(row.nextAttemptAt).toBeNull();
    });

    it('retries after an HTTP 500', async () => {
      sms.mode = 'http-500';
      const id = await enqueueSms(db(), { to: '89123456789', text: 'Код 1234' });
      const now = new Date();
      await deliverOutbox(t.database, config(), { now });
      const row = await rowOf(id);
      expect(row.status).toBe('failed');
      expect(row.lastError).toBe('Ошибка отправки: SMS.ru ответил HTTP 500');
      expect(row.nextAttemptAt?.getTime()).toBe(now.getTime() + MINUTE);
      sms.mode = 'ok';
      await deliverOutbox(t.database, config(), { now: new Date(now.getTime() + MINUTE) });
      expect((await rowOf(id)).status).toBe('sent');
    });

    it('retries when SMS.ru does not answer in time', async () => {
      sms.mode = 'silent';
      const id = await enqueueSms(db(), { to: '89123456789', text: 'Код 1234' });
      const now = new Date();
      await deliverOutbox(t.database, config(), { now, smsTimeoutMs: 300 });
      const row = await rowOf(id);
      expect(row.status).toBe('failed');
      expect(row.lastError).toBe('Ошибка отправки: SMS.ru не ответил вовремя');
      expect(row.nextAttemptAt?.getTime()).toBe(now.getTime() + MINUTE);
    });

    it('fails a malformed phone number for good without calling SMS.ru', async () => {
      const id = await enqueueSms(db(), { to: '12-34', text: 'Код 1234' });
      await deliverOutbox(t.database, config());
      const row = await rowOf(id);
      expect(row.status).toBe('failed');
      expect(row.lastError).toBe('Ошибка отправки: неверный номер телефона «12-34»');
      expect(row.nextAttemptAt).toBeNull();
      expect(sms.requests).toHaveLength(0);
    });

    it('reports an unreachable SMS.ru as a temporary error', async () => {
      const down = `http://127.0.0.1:${await deadPort()}`;
      const err = await sendSmsRu({ url: down, apiId: 'x' }, '89123456789', 'Код').catch((e: unknown) => e);
      expect(err).toBeInstanceOf(DeliveryError);
      expect((err as DeliveryError).message).toMatch(/^нет связи с SMS\.ru \(/);
      expect((err as DeliveryError).permanent).toBe(false);
    });
  });

  describe('system templates', () => {
    const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: { authorization: t.adminToken }, payload });

    beforeEach(async () => {
      await db().delete(mailTemplates);
      await db().delete(smsTemplates);
    });

    it('are created when missing, and an administrator’s edits are kept', async () => {
      expect(await ensureSystemTemplates(db())).toEqual({ mail: 11, sms: 5 });
      const codes = (await db().select().from(mailTemplates)).map((r) => r.code).sort();
      expect(codes).toEqual([
        'auth.password_recovery',
        'auth.registration',
        'feedback.call',
        'feedback.message',
        'feedback.represent',
        'newsletter.confirm',
        'order.admin_created',
        'order.created',
        'order.shipment_returning',
        'order.status_changed',
        'stock.back',
      ]);
      const [confirm] = await db()
        .select()
        .from(mailTemplates)
        .where(eq(mailTemplates.code, 'newsletter.confirm'));
      expect(confirm!.body).toContain('<a href="{{confirmUrl}}">Подтвердить подписку</a>');
      expect(confirm!.variables).toEqual(['shopName', 'confirmUrl', 'supportPhone']);

      const edited = await call('PUT', `/api/admin/mail-templates/${confirm!.id}`, {
        ...confirm,
        subject: 'Подтвердите подписку, пожалуйста',
        active: false,
      });
      expect(edited.statusCode, edited.body).toBe(200);
      await db().delete(smsTemplates).where(eq(smsTemplates.code, 'order.created'));
      expect(await ensureSystemTemplates(db())).toEqual({ mail: 0, sms: 1 });
      const [after] = await db()
        .select()
        .from(mailTemplates)
        .where(eq(mailTemplates.code, 'newsletter.confirm'));
      expect(after!.subject).toBe('Подтвердите подписку, пожалуйста');
      expect(after!.active).toBe(false);
    });

    it('each pass the admin’s check of variables when saved unchanged', async () => {
      await ensureSystemTemplates(db());
      for (const [resource, table] of [
        ['mail-templates', mailTemplates],
        ['sms-templates', smsTemplates],
      ] as const) {
        for (const row of await db().select().from(table)) {
          const res = await call('PUT', `/api/admin/${resource}/${row.id}`, row);
          expect(res.statusCode, `${resource} ${row.code}: ${res.body}`).toBe(200);
        }
      }
    });

    it('refuse unknown variables at save, naming them in Russian', async () => {
      await ensureSystemTemplates(db());
      const created = await call('POST', '/api/admin/mail-templates', {
        code: 'promo.spring',
        title: 'Весенняя акция',
        subject: 'Скидки для {{custmerName}}',
        body: '<p>Здравствуйте, {{customerName}}! Код {{promoCode}}.</p>',
      });
      expect(created.statusCode).toBe(400);
      const error = created.json<{ error: { message: string; fields: Record<string, string> } }>().error;
      expect(error.message).toMatch(/^Тема письма: Неизвестные переменные: \{\{custmerName\}\}\. Доступны: /);
      expect(error.fields.body).toMatch(/^Неизвестные переменные: \{\{promoCode\}\}\./);

      // A variable of another code is unknown to this one.
      const [call1] = await db().select().from(mailTemplates).where(eq(mailTemplates.code, 'feedback.call'));
      const updated = await call('PUT', `/api/admin/mail-templates/${call1!.id}`, {
        ...call1,
        body: `${call1!.body}<p>Заказ {{orderNumber}}</p>`,
      });
      expect(updated.statusCode).toBe(400);
      expect(updated.json<{ error: { message: string } }>().error.message).toMatch(
        /^Текст: Неизвестные переменные: \{\{orderNumber\}\}\./,
      );

      const smsRes = await call('POST', '/api/admin/sms-templates', {
        code: 'promo.spring',
        title: 'Весенняя акция',
        body: 'Скидка 10% по коду {{promoCode}}',
      });
      expect(smsRes.statusCode).toBe(400);
      expect(smsRes.json<{ error: { message: string } }>().error.message).toMatch(
        /^Текст: Неизвестные переменные: \{\{promoCode\}\}\./,
      );
      expect(await db().select().from(mailTemplates).where(eq(mailTemplates.code, 'promo.spring'))).toEqual(
        [],
      );
    });
  });

  it('housekeeping drops expired captchas and keeps the rest', async () => {
    const now = new Date();
    await db().delete(captchas);
    await db()
      .insert(captchas)
      .values([
        { token: 'old', answerHash: 'h', expiresAt: new Date(now.getTime() - MINUTE) },
        { token: 'fresh', answerHash: 'h', expiresAt: new Date(now.getTime() + MINUTE) },
      ]);
    await housekeeping(db(), now);
    expect((await db().select().from(captchas)).map((c) => c.token)).toEqual(['fresh']);
  });
});
