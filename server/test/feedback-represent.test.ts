// POST /api/feedback/represent, the home page's «Стать представителем» application, on PGlite and, when
// configured, PostgreSQL: stored as a feedback request of kind represent with its consent and the
// administrator's letter; a bad field answers a Russian message and writes nothing (the captcha stays good);
// a wrong captcha answer is refused and spent; the administrator's list shows the application.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { selectRows } from '../src/platform/db';
import { CAPTCHA_WRONG, createCaptcha } from '../src/domains/forms/captcha';
import { ensureSystemTemplates } from '../src/domains/messages/system-templates';
import { consents, feedbackRequests, outboxMessages, settings } from '../generated/tables';
import { describeOnDatabases, startTestApp, type TestApp } from './harness';

type Body = {
  data?: { id: number };
  error?: { code: string; message: string; fields?: Record<string, string> };
};

const ADMIN_MAIL = 'boss@shop.test';
const URL = '/api/feedback/represent';

let lastIp = 0;
const nextIp = () => `203.0.113.${++lastIp}`;

const APPLICATION = {
  name: '  Анна Петрова ',
  city: ' Казань ',
  phone: '+7 912 345-67-89',
  email: 'anna@studio.test',
  experience: 'Мастер 3 года, своя студия',
};

describeOnDatabases('the representative application on $name', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(target);
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
  const captcha = async () => {
    const c = await createCaptcha(db(), '127.0.0.1');
    return { captchaId: c.id, captchaPhrase: c.text };
  };
  const post = async (payload: unknown) => {
    const res = await t.app.inject({
      method: 'POST',
      url: URL,
      payload: payload as object,
      headers: { 'x-forwarded-for': nextIp(), 'user-agent': 'Mozilla/5.0 (test)' },
    });
    return { status: res.statusCode, body: res.json<Body>() };
  };
  const counts = async () => {
    const [row] = await selectRows<Record<string, number>>(
      db(),
      sql`SELECT (SELECT count(*) FROM ${feedbackRequests})::int AS feedback,
                 (SELECT count(*) FROM ${consents})::int AS consents,
                 (SELECT count(*) FROM ${outboxMessages})::int AS outbox`,
    );
    return row!;
  };
  const refused = async (payload: unknown) => {
    const before = await counts();
    const res = await post(payload);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(await counts()).toEqual(before);
    return res.body.error!;
  };

  it('stores the application with kind represent, its consent and the letter to the administrator', async () => {
    const res = await post({ ...APPLICATION, ...(await captcha()) });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const [row] = await db()
      .select()
      .from(feedbackRequests)
      .where(eq(feedbackRequests.id, res.body.data!.id));
    expect(row).toMatchObject({
      kind: 'represent',
      name: 'Анна Петрова',
      city: 'Казань',
      phone: '+7 912 345-67-89',
      email: 'anna@studio.test',
      experience: 'Мастер 3 года, своя студия',
      message: null,
      processed: false,
    });
    const [consent] = await db().select().from(consents).where(eq(consents.email, 'anna@studio.test'));
    expect(consent).toMatchObject({ purpose: 'personal_data', source: 'feedback_represent' });
    const [letter] = await db().select().from(outboxMessages).where(eq(outboxMessages.recipient, ADMIN_MAIL));
    expect(letter).toMatchObject({ templateCode: 'feedback.represent' });
    expect(JSON.stringify(letter)).toContain('Казань');
    expect(JSON.stringify(letter)).toContain('Мастер 3 года, своя студия');

    // The administrator's list of requests has it, with the city.
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/admin/feedback?filter=${encodeURIComponent(JSON.stringify({ kind: 'represent' }))}`,
      headers: { authorization: t.adminToken },
    });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json<{ kind: string; city: string }[]>()).toEqual([
      expect.objectContaining({ kind: 'represent', city: 'Казань', name: 'Анна Петрова' }),
    ]);
  });

  it('refuses bad fields with Russian messages, writes nothing and keeps the captcha good', async () => {
    const c = await captcha();
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ name: 'Ан' }, { name: 'Не короче 3 символов' }],
      [{ city: '   ' }, { city: 'Не короче 2 символов' }],
      [{ email: 'anna.studio' }, { email: expect.stringMatching(/[а-я]/i) }],
      [{ experience: 'x'.repeat(1001) }, { experience: 'Не длиннее 1000 символов' }],
      [{ phone: '1'.repeat(21) }, { phone: 'Не длиннее 20 символов' }],
    ];
    for (const [change, fields] of cases) {
      const error = await refused({ ...APPLICATION, ...change, ...c });
      expect(error.fields, JSON.stringify(change)).toEqual(fields);
      expect(error.message).toMatch(/^[А-Я]/);
    }
    const { experience: _gone, ...withoutExperience } = APPLICATION;
    const missing = await refused({ ...withoutExperience, ...c });
    expect(missing.fields).toEqual({ experience: 'Обязательное поле' });
    expect(missing.message).toContain('«Опыт работы»');
    // Nothing spent the captcha: the corrected application goes through with it.
    const ok = await post({ ...APPLICATION, email: 'second@studio.test', ...c });
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
  });

  it('refuses a wrong captcha answer with a Russian message and writes nothing', async () => {
    const c = await captcha();
    const wrong = await refused({ ...APPLICATION, captchaId: c.captchaId, captchaPhrase: 'XXXXX' });
    expect(wrong).toEqual({
      code: 'captcha_invalid',
      message: CAPTCHA_WRONG,
      fields: { captchaPhrase: CAPTCHA_WRONG },
    });
    // The picture is spent: the right answer is refused now too.
    const again = await refused({ ...APPLICATION, ...c });
    expect(again.code).toBe('captcha_invalid');
  });
});
