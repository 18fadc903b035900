// The public message endpoints on PGlite and, when configured, PostgreSQL: the captcha, the call-back and
// message forms (every rule of spec §5 checked by the server), consent records, the administrator's letter
// in the outbox, the newsletter's double opt-in and unsubscribe (one-click too), profile subscriptions and
// the abuse limits. Captcha answers come from createCaptcha, the function the route uses: the API never
// tells them.
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { hashPassword } from '../src/domains/accounts/password';
import { selectRows } from '../src/platform/db';
import { ensureSystemTemplates } from '../src/domains/messages/system-templates';
import {
  CAPTCHA_EXPIRED,
  CAPTCHA_TTL_MS,
  CAPTCHA_WRONG,
  createCaptcha,
  hashCaptchaAnswer,
} from '../src/domains/forms/captcha';
import { splitJoinedName } from '../src/domains/forms/form-routes';
import { CONFIRM_INVALID, UNSUBSCRIBE_INVALID } from '../src/domains/messages/newsletter';
import {
  captchas,
  consents,
  feedbackRequests,
  outboxMessages,
  pages,
  settings,
  subscriptions,
  users,
} from '../generated/tables';
import { signIn } from './accounts';
import { describeOnDatabases, startTestApp, type TestApp } from './harness';

type Body = {
  data?: Record<string, unknown>;
  error?: { code: string; message: string; fields?: Record<string, string> };
};

const ADMIN_MAIL = 'boss@shop.test';
const UA = 'Mozilla/5.0 (test) Shop';

// Every request comes from an address of its own (X-Forwarded-For, trusted from loopback), so the abuse
// limits count only where a test means them to.
let lastIp = 0;
const nextIp = () => {
  lastIp += 1;
  return `198.51.${Math.floor(lastIp / 250)}.${(lastIp % 250) + 1}`;
};

describeOnDatabases('public message endpoints on $name', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    // Production's limits: the suite checks some of them.
    t = await startTestApp(target, { config: { rateLimitScale: 1 } });
    await ensureSystemTemplates(t.database.db);
    await t.database.db.insert(settings).values({
      shopName: 'Лэш Шоп',
      supportPhone: '+7 800 555-35-35',
      supportEmail: 'help@shop.test',
      adminNotificationEmail: ADMIN_MAIL,
    });
  });
  afterAll(async () => {
    await t.close();
  });

  const db = () => t.database.db;

  const post = async (url: string, payload: unknown, opts: { ip?: string; token?: string } = {}) => {
    const ip = opts.ip ?? nextIp();
    const res = await t.app.inject({
      method: 'POST',
      url,
      payload: payload as object,
      headers: {
        'x-forwarded-for': ip,
        'user-agent': UA,
        ...(opts.token ? { authorization: opts.token } : {}),
      },
    });
    return { status: res.statusCode, body: res.json<Body>(), ip };
  };

  const captcha = async () => {
    const c = await createCaptcha(db(), '127.0.0.1');
    return { captchaId: c.id, captchaPhrase: c.text };
  };

  const counts = async () => {
    const [row] = await selectRows<Record<string, number>>(
      db(),
      sql`SELECT (SELECT count(*) FROM ${feedbackRequests})::int AS feedback,
                 (SELECT count(*) FROM ${consents})::int AS consents,
                 (SELECT count(*) FROM ${outboxMessages})::int AS outbox,
                 (SELECT count(*) FROM ${subscriptions})::int AS subscriptions`,
    );
    return row!;
  };

  /** Posts a body the server must refuse with 400, and checks that nothing was written. */
  const refused = async (url: string, payload: unknown) => {
    const before = await counts();
    const res = await post(url, payload);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(await counts()).toEqual(before);
    return res.body.error!;
  };

  const feedbackRow = async (id: unknown) =>
    (
      await db()
        .select()
        .from(feedbackRequests)
        .where(eq(feedbackRequests.id, Number(id)))
    )[0]!;

  const lettersTo = (recipient: string) =>
    db()
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, recipient))
      .orderBy(outboxMessages.id);

  const consentsOf = (where: ReturnType<typeof sql>) =>
    db().select().from(consents).where(where).orderBy(consents.id);

  describe('captcha', () => {
    it('POST /api/captcha/generate answers an SVG picture 200 px wide and stores only the hash of its answer', async () => {
      const res = await post('/api/captcha/generate', undefined);
      expect(res.status).toBe(200);
      const data = res.body.data as { id: string; image: { url: string } };
      expect(Object.keys(data).sort()).toEqual(['id', 'image']);
      expect(data.image.url).toMatch(/^data:image\/svg\+xml;base64,/);
      const svg = Buffer.from(data.image.url.split(',')[1]!, 'base64').toString('utf8');
      expect(svg).toMatch(/^<svg [^>]*width="200"/);
      expect(svg).not.toContain('<text');
      const [row] = await db().select().from(captchas).where(eq(captchas.token, data.id));
      expect(row!.ip).toBe(res.ip);
      expect(row!.answerHash).toMatch(/^[0-9a-f]{64}$/);
      const ttl = row!.expiresAt.getTime() - row!.createdAt.getTime();
      expect(ttl).toBeGreaterThan(CAPTCHA_TTL_MS - 60_000);
      expect(ttl).toBeLessThanOrEqual(CAPTCHA_TTL_MS + 60_000);
    });

    it('makes answers of 5 unambiguous characters, different each time', async () => {
      const texts = new Set<string>();
      for (let i = 0; i < 20; i++) {
        const c = await createCaptcha(db(), null);
        expect(c.text).toMatch(/^[ACDEFHJKMNPRTUVWXY34679]{5}$/);
        expect(c.svg).not.toContain(c.text);
        texts.add(c.text);
      }
      expect(texts.size).toBeGreaterThan(15);
    });

    it('takes the answer in any case, with spaces around, and Cyrillic look-alike letters', async () => {
      const c = await captcha();
      const lower = await post('/api/feedback/call', {
        name: 'Ольга',
        phone: '89990000001',
        captchaId: c.captchaId,
        captchaPhrase: `  ${c.captchaPhrase.toLowerCase()} `,
      });
      expect(lower.status, JSON.stringify(lower.body)).toBe(201);

      await db()
        .insert(captchas)
        .values({
          token: 'known-answer',
          answerHash: hashCaptchaAnswer('CAT47'),
          expiresAt: new Date(Date.now() + 60_000),
        });
      const cyrillic = await post('/api/feedback/call', {
        name: 'Ольга',
        phone: '89990000002',
        captchaId: 'known-answer',
        captchaPhrase: 'сАТ47', // с, А and Т typed on the Russian layout
      });
      expect(cyrillic.status, JSON.stringify(cyrillic.body)).toBe(201);
    });

    it('a wrong answer is refused with a Russian message, writes nothing and spends the captcha', async () => {
      const c = await captcha();
      const body = { name: 'Ольга', phone: '89990000003', captchaId: c.captchaId };
      const wrong = await refused('/api/feedback/call', { ...body, captchaPhrase: 'XXXXX' });
      expect(wrong).toEqual({
        code: 'captcha_invalid',
        message: CAPTCHA_WRONG,
        fields: { captchaPhrase: CAPTCHA_WRONG },
      });
      expect(await db().select().from(captchas).where(eq(captchas.token, c.captchaId))).toEqual([]);
      // The right answer is too late now: a new picture is needed.
      const again = await refused('/api/feedback/call', { ...body, captchaPhrase: c.captchaPhrase });
      expect(again.code).toBe('captcha_invalid');
      expect(again.message).toBe(CAPTCHA_EXPIRED);
      expect(again.message).toMatch(/новой/);
    });

    it('an expired captcha and an unknown id are refused', async () => {
      const c = await captcha();
      await db()
        .update(captchas)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(captchas.token, c.captchaId));
      const expired = await refused('/api/feedback/call', { name: 'Ольга', phone: '89990000004', ...c });
      expect(expired).toMatchObject({ code: 'captcha_invalid', fields: { captchaPhrase: CAPTCHA_EXPIRED } });
      const unknown = await refused('/api/feedback/call', {
        name: 'Ольга',
        phone: '89990000004',
        captchaId: 'no-such-captcha',
        captchaPhrase: 'ACDEF',
      });
      expect(unknown.code).toBe('captcha_invalid');
    });

    it('the answer is required; a refused body does not spend the captcha', async () => {
      const c = await captcha();
      const base = { name: 'Ольга', phone: '89990000005', captchaId: c.captchaId };
      const missing = await refused('/api/feedback/call', base);
      expect(missing.fields).toEqual({ captchaPhrase: 'Обязательное поле' });
      expect(missing.message).toContain('«Надпись с капчи»');
      for (const captchaPhrase of ['', '   ']) {
        const empty = await refused('/api/feedback/call', { ...base, captchaPhrase });
        expect(empty.fields).toEqual({ captchaPhrase: 'Не может быть пустым' });
      }
      const noId = await refused('/api/feedback/write', {
        name: 'Ольга+o@x.ru+8999',
        message: 'Здравствуйте',
        captchaPhrase: c.captchaPhrase,
      });
      expect(noId.fields).toEqual({ captchaId: 'Обязательное поле' });
      const shortName = await refused('/api/feedback/call', {
        ...base,
        name: 'Ол',
        captchaPhrase: c.captchaPhrase,
      });
      expect(shortName.fields).toEqual({ name: 'Не короче 3 символов' });
      // The same picture still works once the field is corrected.
      const ok = await post('/api/feedback/call', { ...base, captchaPhrase: c.captchaPhrase });
      expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    });
  });

  describe('call-back form', () => {
    const call = async (name: string, phone: string) =>
      post('/api/feedback/call', { name, phone, ...(await captcha()) });

    it('stores the request, the consent and queues the administrator letter in one go', async () => {
      const res = await call('  Мария <b>  ', ' +7 912 345-67-89 ');
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(Object.keys(res.body.data!)).toEqual(['id']);
      const row = await feedbackRow(res.body.data!.id);
      expect(row).toMatchObject({
        kind: 'call',
        name: 'Мария <b>',
        phone: '+7 912 345-67-89',
        email: null,
        message: null,
        ip: res.ip,
        userId: null,
        processed: false,
      });

      const [consent] = await consentsOf(sql`${consents.ip} = ${res.ip}`);
      expect(consent).toMatchObject({
        purpose: 'personal_data',
        source: 'feedback_call',
        phone: '+7 912 345-67-89',
        email: null,
        userId: null,
        userAgent: UA,
        textVersion: 'company/consent@none',
      });

      const letters = await lettersTo(ADMIN_MAIL);
      const letter = letters.at(-1)!;
      expect(letter).toMatchObject({
        channel: 'email',
        status: 'queued',
        templateCode: 'feedback.call',
        subject: 'Обратный звонок: Мария <b>, +7 912 345-67-89',
      });
      // Values are escaped in the HTML body; the link leads to the forms list.
      expect(letter.body).toContain('<strong>Мария &lt;b&gt;</strong>');
      expect(letter.body).toContain('<strong>+7 912 345-67-89</strong>');
      expect(letter.body).toContain('href="http://localhost:80/nuxt/forms-list"');
      expect(letter.body).toContain('Лэш Шоп');
    });

    it('name and phone are required: 3 and 20 characters pass, 2 and 21 are refused', async () => {
      for (const [name, phone] of [
        ['Ян1', '123'],
        ['А'.repeat(20), '1'.repeat(20)],
      ]) {
        const res = await call(name!, phone!);
        expect(res.status, JSON.stringify(res.body)).toBe(201);
        expect(await feedbackRow(res.body.data!.id)).toMatchObject({ name, phone });
      }
      const cases: [Record<string, unknown>, Record<string, string>][] = [
        [{ phone: '89991234567' }, { name: 'Обязательное поле' }],
        [{ name: 'Мария' }, { phone: 'Обязательное поле' }],
        [{ name: 'Ян', phone: '89991234567' }, { name: 'Не короче 3 символов' }],
        [{ name: '  Ян  ', phone: '89991234567' }, { name: 'Не короче 3 символов' }],
        [{ name: 'А'.repeat(21), phone: '89991234567' }, { name: 'Не длиннее 20 символов' }],
        [{ name: 'Мария', phone: '12' }, { phone: 'Не короче 3 символов' }],
        [{ name: 'Мария', phone: '1'.repeat(21) }, { phone: 'Не длиннее 20 символов' }],
        [{ name: 'Мария', phone: 89991234567 }, { phone: 'Должно быть строкой' }],
        [{ name: 'Мария', phone: '89991234567', extra: 1 }, { extra: 'Неизвестное поле' }],
      ];
      for (const [body, fields] of cases) {
        const error = await refused('/api/feedback/call', { ...body, ...(await captcha()) });
        expect(error.fields, JSON.stringify(body)).toEqual(fields);
        expect(error.message).toMatch(/^Проверьте данные: «/);
      }
      expect((await refused('/api/feedback/call', [])).code).toBe('bad_request');
    });

    it('remembers the signed-in customer', async () => {
      const { id, token } = await customer('caller@shop.test', { confirmed: true });
      const res = await post(
        '/api/feedback/call',
        { name: 'Ирина', phone: '89995550000', ...(await captcha()) },
        { token },
      );
      expect(res.status).toBe(201);
      expect((await feedbackRow(res.body.data!.id)).userId).toBe(id);
      const [consent] = await consentsOf(sql`${consents.ip} = ${res.ip}`);
      expect(consent!.userId).toBe(id);
    });

    it('writes to the support address without a notification address, and no letter without either', async () => {
      await db().update(settings).set({ adminNotificationEmail: null });
      try {
        const before = (await lettersTo('help@shop.test')).length;
        expect((await call('Тамара', '89990001111')).status).toBe(201);
        expect(await lettersTo('help@shop.test')).toHaveLength(before + 1);

        await db().update(settings).set({ supportEmail: null });
        const outbox = (await counts()).outbox;
        const res = await call('Тамара', '89990002222');
        expect(res.status).toBe(201);
        expect(await feedbackRow(res.body.data!.id)).toMatchObject({ name: 'Тамара', phone: '89990002222' });
        expect((await counts()).outbox).toBe(outbox);
      } finally {
        await db()
          .update(settings)
          .set({ adminNotificationEmail: ADMIN_MAIL, supportEmail: 'help@shop.test' });
      }
    });

    it('the consent names the version of the consent page the visitor was shown', async () => {
      const [page] = await db()
        .insert(pages)
        .values({
          slug: 'company/consent',
          title: 'Согласие на обработку персональных данных',
          content: '<p>Текст</p>',
        })
        .returning();
      try {
        const res = await call('Вера', '89990003333');
        expect(res.status).toBe(201);
        const [consent] = await consentsOf(sql`${consents.ip} = ${res.ip}`);
        expect(consent!.textVersion).toBe(`company/consent@${page!.updatedAt.toISOString()}`);
      } finally {
        await db().delete(pages).where(eq(pages.id, page!.id));
      }
    });
  });

  describe('message form', () => {
    const write = async (name: string, message: string) =>
      post('/api/feedback/write', { name, message, ...(await captcha()) });

    it('splits the joined name into name, e-mail and phone, a phone with "+" and an e-mail with "+" too', () => {
      expect(splitJoinedName('Мария+maria@example.ru+89991234567')).toEqual({
        name: 'Мария',
        email: 'maria@example.ru',
        phone: '89991234567',
      });
      expect(splitJoinedName('Мария+maria@example.ru++79991234567')).toEqual({
        name: 'Мария',
        email: 'maria@example.ru',
        phone: '+79991234567',
      });
      expect(splitJoinedName('Мария+maria+shop@example.ru++7 999 123-45-67')).toEqual({
        name: 'Мария',
        email: 'maria+shop@example.ru',
        phone: '+7 999 123-45-67',
      });
      expect(splitJoinedName(' Мария + maria@example.ru + 8999 ')).toEqual({
        name: 'Мария',
        email: 'maria@example.ru',
        phone: '8999',
      });
    });

    it('stores the parts, the consent and queues the administrator letter', async () => {
      const res = await write(
        'Мария+maria+shop@example.ru++79991234567',
        '  Есть ли клей <Sky> S+ в наличии?  ',
      );
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(await feedbackRow(res.body.data!.id)).toMatchObject({
        kind: 'message',
        name: 'Мария',
        email: 'maria+shop@example.ru',
        phone: '+79991234567',
        message: 'Есть ли клей <Sky> S+ в наличии?',
        ip: res.ip,
      });
      const [consent] = await consentsOf(sql`${consents.ip} = ${res.ip}`);
      expect(consent).toMatchObject({
        purpose: 'personal_data',
        source: 'feedback_message',
        email: 'maria+shop@example.ru',
        phone: '+79991234567',
        userAgent: UA,
      });
      const letter = (await lettersTo(ADMIN_MAIL)).at(-1)!;
      expect(letter).toMatchObject({
        templateCode: 'feedback.message',
        subject: 'Сообщение с сайта от Мария',
      });
      expect(letter.body).toContain('<strong>Мария</strong>');
      expect(letter.body).toContain('mailto:maria+shop@example.ru');
      expect(letter.body).toContain('Телефон: +79991234567');
      expect(letter.body).toContain('Есть ли клей &lt;Sky&gt; S+ в наличии?');
    });

    it('name part 3 to 20 and message 3 to 500 characters pass', async () => {
      for (const [name, message] of [
        ['Ян1+a@b.ru+123', 'Да!'],
        [`${'Я'.repeat(20)}+a@b.ru+89991234567`, 'М'.repeat(500)],
      ]) {
        const res = await write(name!, message!);
        expect(res.status, JSON.stringify(res.body)).toBe(201);
        expect((await feedbackRow(res.body.data!.id)).message).toBe(message);
      }
    });

    it('refuses a short or long name part or message, missing parts and fields, with Russian messages', async () => {
      const cases: [Record<string, unknown>, Record<string, string>][] = [
        [{ name: 'Ян+a@b.ru+89991234567', message: 'Привет' }, { name: 'имя — от 3 до 20 символов' }],
        [{ name: `${'Я'.repeat(21)}+a@b.ru+8999`, message: 'Привет' }, { name: 'имя — от 3 до 20 символов' }],
        [{ name: '  Ян  +a@b.ru+8999', message: 'Привет' }, { name: 'имя — от 3 до 20 символов' }],
        [{ name: 'Мария+a@b.ru+89991234567', message: 'Да' }, { message: 'Не короче 3 символов' }],
        [{ name: 'Мария+a@b.ru+89991234567', message: '  Да  ' }, { message: 'Не короче 3 символов' }],
        [
          { name: 'Мария+a@b.ru+89991234567', message: 'М'.repeat(501) },
          { message: 'Не длиннее 500 символов' },
        ],
        [{ name: 'Мария+a@b.ru+8999' }, { message: 'Обязательное поле' }],
        [{ message: 'Привет' }, { name: 'Обязательное поле' }],
        [
          { name: 'Мария 89991234567', message: 'Привет' },
          { name: 'ожидаются имя, e-mail и телефон через «+»' },
        ],
        [
          { name: 'Мария+89991234567', message: 'Привет' },
          { name: 'ожидаются имя, e-mail и телефон через «+»' },
        ],
        [{ name: 'Мария++89991234567', message: 'Привет' }, { name: 'не указан e-mail' }],
        [{ name: 'Мария+a@b.ru+', message: 'Привет' }, { name: 'не указан телефон' }],
        [{ name: 'Мария+a@b.ru++', message: 'Привет' }, { name: 'телефон — от 3 до 20 символов' }],
        [
          { name: `Мария+a@b.ru+${'1'.repeat(21)}`, message: 'Привет' },
          { name: 'телефон — от 3 до 20 символов' },
        ],
      ];
      for (const [body, fields] of cases) {
        const error = await refused('/api/feedback/write', { ...body, ...(await captcha()) });
        expect(error.fields, JSON.stringify(body)).toEqual(fields);
        expect(error.message).toMatch(/^Проверьте данные: «(Имя|Сообщение)»/);
      }
    });
  });

  describe('newsletter', () => {
    const confirmToken = (html: string) => {
      const m = /href="(http:\/\/localhost:80\/newsletter\/confirm\?token=([^"&]+))"/.exec(html);
      expect(m, html).not.toBeNull();
      return decodeURIComponent(m![2]!);
    };
    const subscription = async (email: string) =>
      (await db().select().from(subscriptions).where(eq(subscriptions.email, email)))[0];

    it('double opt-in: a pending subscription, a letter with a working link, confirmation, no reuse', async () => {
      const res = await post('/api/newsletter/subscribe', { email: '  Anna.Reader@Example.RU ' });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toEqual({ data: { status: 'pending' } });
      const email = 'anna.reader@example.ru';
      const pending = await subscription(email);
      expect(pending).toMatchObject({
        status: 'pending',
        source: 'footer',
        ip: res.ip,
        userId: null,
        unsubscribeToken: null,
      });
      const left = pending!.confirmExpiresAt!.getTime() - Date.now();
      expect(left).toBeGreaterThan(3 * 86_400_000 - 60_000);
      expect(left).toBeLessThanOrEqual(3 * 86_400_000);

      const [letter] = await lettersTo(email);
      expect(letter).toMatchObject({
        templateCode: 'newsletter.confirm',
        status: 'queued',
        subject: 'Подтвердите подписку на новости Лэш Шоп',
      });
      const token = confirmToken(letter!.body);
      expect(pending!.confirmTokenHash).not.toBe(token);
      expect(pending!.confirmTokenHash).toMatch(/^[0-9a-f]{64}$/);

      const [consent] = await consentsOf(sql`${consents.ip} = ${res.ip}`);
      expect(consent).toMatchObject({ purpose: 'newsletter', source: 'newsletter', email, userAgent: UA });

      const confirmed = await post('/api/newsletter/confirm', { token });
      expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
      expect(confirmed.body.data).toEqual({ status: 'active', email });
      const active = await subscription(email);
      expect(active).toMatchObject({ status: 'active', confirmTokenHash: null, confirmExpiresAt: null });
      expect(active!.confirmedAt).toBeInstanceOf(Date);
      expect(active!.unsubscribeToken).toMatch(/^[A-Za-z0-9_-]{43}$/);

      const reused = await post('/api/newsletter/confirm', { token });
      expect(reused.status).toBe(400);
      expect(reused.body.error).toMatchObject({ code: 'token_invalid', message: CONFIRM_INVALID });

      // An active subscriber asking again gets the same answer and no letter.
      const again = await post('/api/newsletter/subscribe', { email: 'ANNA.READER@example.ru' });
      expect(again.body).toEqual({ data: { status: 'pending' } });
      expect(await lettersTo(email)).toHaveLength(1);
      expect((await subscription(email))!.status).toBe('active');
    });

    it('a pending address asking again gets a fresh link; the old one stops working', async () => {
      const email = 'twice@example.ru';
      await post('/api/newsletter/subscribe', { email });
      await post('/api/newsletter/subscribe', { email });
      const [first, second] = await lettersTo(email);
      const old = confirmToken(first!.body);
      const fresh = confirmToken(second!.body);
      expect(fresh).not.toBe(old);
      expect((await post('/api/newsletter/confirm', { token: old })).status).toBe(400);
      expect((await post('/api/newsletter/confirm', { token: fresh })).status).toBe(200);
    });

    it('refuses an expired or unknown link, and bad bodies', async () => {
      const email = 'late@example.ru';
      await post('/api/newsletter/subscribe', { email });
      const token = confirmToken((await lettersTo(email))[0]!.body);
      await db()
        .update(subscriptions)
        .set({ confirmExpiresAt: new Date(Date.now() - 1000) })
        .where(eq(subscriptions.email, email));
      const expired = await post('/api/newsletter/confirm', { token });
      expect(expired.status).toBe(400);
      expect(expired.body.error!.message).toBe(CONFIRM_INVALID);
      expect((await subscription(email))!.status).toBe('pending');

      expect((await post('/api/newsletter/confirm', { token: 'nonsense' })).body.error!.code).toBe(
        'token_invalid',
      );
      expect((await post('/api/newsletter/confirm', {})).body.error!.fields).toEqual({
        token: 'Обязательное поле',
      });
      expect((await post('/api/newsletter/confirm', { token: '' })).body.error!.fields).toEqual({
        token: 'Не может быть пустым',
      });
      for (const [body, fields] of [
        [{ email: 'not-an-address' }, { email: 'Неверный адрес электронной почты' }],
        [{ email: '   ' }, { email: 'Неверный адрес электронной почты' }],
        [{}, { email: 'Обязательное поле' }],
        [{ email: 5 }, { email: 'Должно быть строкой' }],
        [{ email: 'a@b.ru', extra: true }, { extra: 'Неизвестное поле' }],
      ] as const) {
        const error = await refused('/api/newsletter/subscribe', body);
        expect(error.fields, JSON.stringify(body)).toEqual(fields);
      }
    });

    it('unsubscribes by the link (twice is fine) and by the mail client one-click form post', async () => {
      const tokens: string[] = [];
      for (const email of ['leaver@example.ru', 'oneclick@example.ru', 'multipart@example.ru']) {
        await post('/api/newsletter/subscribe', { email });
        const token = confirmToken((await lettersTo(email))[0]!.body);
        expect((await post('/api/newsletter/confirm', { token })).status).toBe(200);
        tokens.push((await subscription(email))!.unsubscribeToken!);
      }

      const first = await post('/api/newsletter/unsubscribe', { token: tokens[0] });
      expect(first.body).toEqual({ data: { status: 'unsubscribed', email: 'leaver@example.ru' } });
      const at = (await subscription('leaver@example.ru'))!.unsubscribedAt;
      expect(at).toBeInstanceOf(Date);
      const second = await post('/api/newsletter/unsubscribe', { token: tokens[0] });
      expect(second.body).toEqual(first.body);
      expect((await subscription('leaver@example.ru'))!.unsubscribedAt).toEqual(at);

      const oneClick = await t.app.inject({
        method: 'POST',
        url: `/api/newsletter/unsubscribe?token=${encodeURIComponent(tokens[1]!)}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(oneClick.statusCode, oneClick.body).toBe(200);
      expect((await subscription('oneclick@example.ru'))!.status).toBe('unsubscribed');

      const boundary = 'x-boundary-1';
      const multipart = await t.app.inject({
        method: 'POST',
        url: `/api/newsletter/unsubscribe?token=${encodeURIComponent(tokens[2]!)}`,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`,
      });
      expect(multipart.statusCode, multipart.body).toBe(200);
      expect((await subscription('multipart@example.ru'))!.status).toBe('unsubscribed');

      // The List-Unsubscribe header names the letter's link, the storefront page: a POST there works too.
      await post('/api/newsletter/subscribe', { email: 'page@example.ru' });
      await post('/api/newsletter/confirm', {
        token: confirmToken((await lettersTo('page@example.ru'))[0]!.body),
      });
      const pageToken = (await subscription('page@example.ru'))!.unsubscribeToken!;
      const onPage = await t.app.inject({
        method: 'POST',
        url: `/newsletter/unsubscribe?token=${encodeURIComponent(pageToken)}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(onPage.statusCode, onPage.body).toBe(200);
      expect(onPage.json()).toEqual({ data: { status: 'unsubscribed', email: 'page@example.ru' } });
      const pageUnknown = await t.app.inject({
        method: 'POST',
        url: '/newsletter/unsubscribe?token=nope',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(pageUnknown.statusCode).toBe(400);
      expect(pageUnknown.json<Body>().error!.message).toBe(UNSUBSCRIBE_INVALID);

      const unknown = await post('/api/newsletter/unsubscribe', { token: 'no-such-token' });
      expect(unknown.status).toBe(400);
      expect(unknown.body.error!.message).toBe(UNSUBSCRIBE_INVALID);
      const noToken = await t.app.inject({
        method: 'POST',
        url: '/api/newsletter/unsubscribe',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(noToken.statusCode).toBe(400);
    });

    it('an ended subscription can start again with a new letter; its unsubscribe link stays the same', async () => {
      const email = 'comeback@example.ru';
      await post('/api/newsletter/subscribe', { email });
      await post('/api/newsletter/confirm', { token: confirmToken((await lettersTo(email))[0]!.body) });
      const unsubscribeToken = (await subscription(email))!.unsubscribeToken!;
      await post('/api/newsletter/unsubscribe', { token: unsubscribeToken });
      await post('/api/newsletter/subscribe', { email });
      const letters = await lettersTo(email);
      expect(letters).toHaveLength(2);
      expect((await subscription(email))!.status).toBe('pending');
      await post('/api/newsletter/confirm', { token: confirmToken(letters[1]!.body) });
      expect(await subscription(email)).toMatchObject({
        status: 'active',
        unsubscribeToken,
        unsubscribedAt: null,
      });
    });

    it("keeps a customer's subscribeEmail in step when the address belongs to an account", async () => {
      const { id } = await customer('Reader.Account@shop.test', { confirmed: false });
      await post('/api/newsletter/subscribe', { email: 'reader.account@SHOP.test' });
      const email = 'reader.account@shop.test';
      expect((await subscription(email))!.userId).toBe(id);
      expect(await flags(id)).toEqual({ subscribeEmail: false, subscribeSms: false });
      await post('/api/newsletter/confirm', { token: confirmToken((await lettersTo(email))[0]!.body) });
      expect(await flags(id)).toEqual({ subscribeEmail: true, subscribeSms: false });
      await post('/api/newsletter/unsubscribe', { token: (await subscription(email))!.unsubscribeToken });
      expect(await flags(id)).toEqual({ subscribeEmail: false, subscribeSms: false });
    });
  });

  describe('profile subscriptions', () => {
    const get = async (token?: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/profile/subscriptions',
        headers: token ? { authorization: token } : {},
      });
      return { status: res.statusCode, body: res.json<Body>() };
    };
    const put = async (payload: unknown, token?: string) => {
      const ip = nextIp();
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/profile/subscriptions',
        payload: payload as object,
        headers: { 'x-forwarded-for': ip, 'user-agent': UA, ...(token ? { authorization: token } : {}) },
      });
      return { status: res.statusCode, body: res.json<Body>(), ip };
    };

    it('answers 401 in Russian to a guest', async () => {
      for (const res of [await get(), await put({ email: true, sms: true }), await get('not-a-token')]) {
        expect(res.status).toBe(401);
        expect(res.body.error).toMatchObject({ code: 'unauthorized', message: 'Требуется вход' });
      }
    });

    it('a confirmed e-mail subscribes at once; switching off ends it; consent only when switching on', async () => {
      const { id, token, email } = await customer('Profile.One@shop.test', {
        confirmed: true,
        phone: '+79990001122',
      });
      expect((await get(token)).body.data).toEqual({ email: false, sms: false, emailPending: false });

      const on = await put({ email: true, sms: false }, token);
      expect(on.status, JSON.stringify(on.body)).toBe(200);
      expect(on.body.data).toEqual({ email: true, sms: false, emailPending: false });
      expect((await get(token)).body.data).toEqual({ email: true, sms: false, emailPending: false });
      expect(await flags(id)).toEqual({ subscribeEmail: true, subscribeSms: false });
      const [sub] = await db().select().from(subscriptions).where(eq(subscriptions.userId, id));
      expect(sub).toMatchObject({ email, status: 'active', source: 'profile', ip: on.ip });
      expect(sub!.unsubscribeToken).toBeTruthy();
      expect(await lettersTo(email)).toHaveLength(0);
      expect(await consentsOf(sql`${consents.userId} = ${id}`)).toMatchObject([
        { purpose: 'newsletter', source: 'profile', email, phone: null, ip: on.ip, userAgent: UA },
      ]);

      // Saving the same choices again records nothing new.
      await put({ email: true, sms: false }, token);
      expect(await consentsOf(sql`${consents.userId} = ${id}`)).toHaveLength(1);

      const swap = await put({ email: false, sms: true }, token);
      expect(swap.body.data).toEqual({ email: false, sms: true, emailPending: false });
      expect(await flags(id)).toEqual({ subscribeEmail: false, subscribeSms: true });
      const [ended] = await db().select().from(subscriptions).where(eq(subscriptions.userId, id));
      expect(ended!.status).toBe('unsubscribed');
      expect(ended!.unsubscribedAt).toBeInstanceOf(Date);
      const all = await consentsOf(sql`${consents.userId} = ${id}`);
      expect(all).toHaveLength(2);
      expect(all[1]).toMatchObject({
        purpose: 'newsletter',
        source: 'profile',
        email: null,
        phone: '+79990001122',
      });

      // Back on: the same row becomes active again.
      expect((await put({ email: true, sms: true }, token)).body.data).toEqual({
        email: true,
        sms: true,
        emailPending: false,
      });
      expect((await db().select().from(subscriptions).where(eq(subscriptions.userId, id)))[0]!.status).toBe(
        'active',
      );
    });

    it('an unconfirmed e-mail gets a confirmation letter first', async () => {
      const { id, token, email } = await customer('profile.two@shop.test', { confirmed: false });
      const on = await put({ email: true, sms: false }, token);
      expect(on.body.data).toEqual({ email: true, sms: false, emailPending: true });
      const [sub] = await db().select().from(subscriptions).where(eq(subscriptions.email, email));
      expect(sub).toMatchObject({ status: 'pending', source: 'profile', userId: id });
      const letters = await lettersTo(email);
      expect(letters).toHaveLength(1);
      const token2 = /newsletter\/confirm\?token=([^"&]+)/.exec(letters[0]!.body)![1]!;
      // Another save while waiting sends no second letter.
      await put({ email: true, sms: true }, token);
      expect(await lettersTo(email)).toHaveLength(1);
      expect((await post('/api/newsletter/confirm', { token: decodeURIComponent(token2) })).status).toBe(200);
      expect((await get(token)).body.data).toEqual({ email: true, sms: true, emailPending: false });
    });

    it('refuses bad bodies in Russian and changes nothing', async () => {
      const { id, token } = await customer('profile.three@shop.test', { confirmed: true });
      for (const [body, fields] of [
        [{ email: true }, { sms: 'Обязательное поле' }],
        [{ email: 'да', sms: false }, { email: 'Должно быть да или нет' }],
        [{ email: true, sms: false, other: 1 }, { other: 'Неизвестное поле' }],
      ] as const) {
        const res = await put(body, token);
        expect(res.status).toBe(400);
        expect(res.body.error!.fields, JSON.stringify(body)).toEqual(fields);
      }
      expect(await flags(id)).toEqual({ subscribeEmail: false, subscribeSms: false });
      expect(await consentsOf(sql`${consents.userId} = ${id}`)).toHaveLength(0);
    });
  });

  describe('abuse limits', () => {
    afterEach(() => {
      vi.useRealTimers();
    });
    // Counters live in fixed windows: the clock stands still at the start of one, so that the requests of
    // a test never straddle two windows.
    const freezeAtWindowStart = () => {
      const tenMinutes = 10 * 60_000;
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Math.ceil(Date.now() / tenMinutes) * tenMinutes + 1000);
    };
    const TOO_MANY = /^Слишком много запросов\. Повторите через \d+ с\.$/;

    it('feedback: the 6th request in 10 minutes from one address gets 429; another address does not', async () => {
      freezeAtWindowStart();
      const ip = '203.0.113.10';
      for (let i = 0; i < 5; i++) {
        // Refused bodies count as well: the limit is on attempts.
        const url = i % 2 ? '/api/feedback/write' : '/api/feedback/call';
        expect((await post(url, {}, { ip })).status).toBe(400);
      }
      const limited = await post(
        '/api/feedback/call',
        { name: 'Мария', phone: '89991234567', ...(await captcha()) },
        { ip },
      );
      expect(limited.status).toBe(429);
      expect(limited.body.error!.code).toBe('rate_limited');
      expect(limited.body.error!.message).toMatch(TOO_MANY);
      expect((await post('/api/feedback/write', {}, { ip })).status).toBe(429);
      expect((await post('/api/feedback/call', {}, { ip: '203.0.113.11' })).status).toBe(400);
    });

    it('newsletter: the 6th subscription in 10 minutes from one address gets 429', async () => {
      freezeAtWindowStart();
      const ip = '203.0.113.20';
      for (let i = 0; i < 5; i++)
        expect(
          (await post('/api/newsletter/subscribe', { email: `limit${i}@example.ru` }, { ip })).status,
        ).toBe(200);
      const limited = await post('/api/newsletter/subscribe', { email: 'limit5@example.ru' }, { ip });
      expect(limited.status).toBe(429);
      expect(limited.body.error!.message).toMatch(TOO_MANY);
      expect(
        await db().select().from(subscriptions).where(eq(subscriptions.email, 'limit5@example.ru')),
      ).toEqual([]);
      expect(
        (await post('/api/newsletter/subscribe', { email: 'limit5@example.ru' }, { ip: '203.0.113.21' }))
          .status,
      ).toBe(200);
    });

    it('captcha: the 31st picture in a minute from one address gets 429', async () => {
      freezeAtWindowStart();
      const ip = '203.0.113.30';
      for (let i = 0; i < 30; i++)
        expect((await post('/api/captcha/generate', undefined, { ip })).status).toBe(200);
      const limited = await post('/api/captcha/generate', undefined, { ip });
      expect(limited.status).toBe(429);
      expect(limited.body.error!.message).toMatch(TOO_MANY);
      expect((await post('/api/captcha/generate', undefined, { ip: '203.0.113.31' })).status).toBe(200);
    });
  });

  it('describes these endpoints in /api/docs, every reference resolving to a component', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, unknown>>;
      components: { schemas: Record<string, unknown> };
    }>();
    const ours = {
      '/api/captcha/generate': ['post'],
      '/api/feedback/call': ['post'],
      '/api/feedback/write': ['post'],
      '/api/newsletter/subscribe': ['post'],
      '/api/newsletter/confirm': ['post'],
      '/api/newsletter/unsubscribe': ['post'],
      '/api/profile/subscriptions': ['get', 'put'],
    };
    for (const [path, methods] of Object.entries(ours)) {
      expect(Object.keys(doc.paths[path] ?? {}).sort(), path).toEqual(methods);
      const refs = [...JSON.stringify(doc.paths[path]).matchAll(/"#\/components\/schemas\/(\w+)"/g)];
      expect(refs.length, path).toBeGreaterThan(0);
      for (const [, name] of refs)
        expect(doc.components.schemas, `${path} → ${name}`).toHaveProperty([name!]);
    }
  });

  // ---- helpers over the database -------------------------------------------------------------------

  let customers = 0;
  async function customer(email: string, opts: { confirmed: boolean; phone?: string }) {
    customers += 1;
    const password = `password-${customers}-long`;
    const [row] = await db()
      .insert(users)
      .values({
        email,
        name: `Покупатель ${customers}`,
        phone: opts.phone ?? null,
        passwordHash: await hashPassword(password),
        emailConfirmedAt: opts.confirmed ? new Date() : null,
      })
      .returning({ id: users.id });
    return {
      id: row!.id,
      token: await signIn(t.app, email, password, { ip: nextIp() }),
      email: email.toLowerCase(),
    };
  }

  async function flags(id: number) {
    const [row] = await db()
      .select({ subscribeEmail: users.subscribeEmail, subscribeSms: users.subscribeSms })
      .from(users)
      .where(eq(users.id, id));
    return row;
  }
});
