// The admin's messaging endpoints through the real API on a real database: previews with sample values
// (and the unknown-variable rule), recipient counts per channel and audience, mailings that queue one
// rendered, escaped outbox row per recipient (newsletters with each subscriber's own unsubscribe link), a
// large mailing, progress by state, the resend rules, who may do what, and no hand-made outbox rows.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  mailTemplates,
  outboxMessages,
  settings,
  smsTemplates,
  subscriptions,
  userGroups,
  users,
} from '../generated/tables';
import { selectRows } from '../src/platform/db';
import { signedInUser } from './accounts';
import { ADMIN, describeOnDatabases, startTestApp, type TestApp } from './harness';

type Method = 'GET' | 'POST' | 'PUT';
type Outbox = typeof outboxMessages.$inferSelect;

describeOnDatabases('admin messages on $name', (target) => {
  let t: TestApp;
  const tokens: Record<'admin' | 'manager' | 'content', string> = { admin: '', manager: '', content: '' };
  const ids = { anna: 0, boris: 0, vera: 0, gleb: 0, group: 0, emptyGroup: 0 };
  const call = (token: string, method: Method, url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { authorization: token }, ...(payload ? { payload } : {}) });
  const admin = (method: Method, url: string, payload?: object) => call(tokens.admin, method, url, payload);
  const db = () => t.database.db;
  const messagesOf = (mailingId: number) =>
    db()
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.mailingId, mailingId))
      .orderBy(outboxMessages.id);
  const count = async (table: string) =>
    Number((await selectRows<{ n: number }>(db(), sql`SELECT count(*) AS n FROM ${sql.raw(table)}`))[0]!.n);
  const errorOf = (res: { json: () => unknown }) =>
    (res.json() as { error: { code: string; message: string; fields?: Record<string, string> } }).error;

  beforeAll(async () => {
    t = await startTestApp(target, { config: { siteUrl: 'https://lash.test/some/page' } });
    tokens.admin = t.adminToken;
    for (const role of ['manager', 'content'] as const) {
      const email = `${role}@messages.test`;
      ({ token: tokens[role] } = await signedInUser(t, {
        email,
        name: role,
        role,
        password: `${role}-password-1`,
      }));
    }
    await db().insert(settings).values({ shopName: 'Лэш Шоп', supportPhone: '+7 800 000-00-00' });
    const [group, emptyGroup] = await db()
      .insert(userGroups)
      .values([{ title: 'Мастера' }, { title: 'Пустая' }])
      .returning({ id: userGroups.id });
    ids.group = group!.id;
    ids.emptyGroup = emptyGroup!.id;
    const inGroup = [ids.group];
    const made = await db()
      .insert(users)
      .values([
        // A name with markup: it must reach letters escaped.
        { email: 'anna@example.ru', name: '<b>Анна</b> & Co', phone: '+7 912 000-00-01', groupIds: inGroup },
        { email: 'boris@example.ru', name: 'Борис', phone: null, groupIds: inGroup },
        { email: 'vera@example.ru', name: 'Вера', phone: '89120000003', subscribeSms: true },
        { email: 'gleb@example.ru', name: 'Глеб', phone: '89120000004', groupIds: inGroup, active: false },
      ])
      .returning({ id: users.id });
    [ids.anna, ids.boris, ids.vera, ids.gleb] = made.map((u) => u.id) as [number, number, number, number];
    await db()
      .insert(subscriptions)
      .values([
        { email: 'Anna@Example.ru', userId: ids.anna, status: 'active', unsubscribeToken: 'anna-token' },
        { email: 'reader@example.ru', status: 'active' },
        { email: 'pending@example.ru', status: 'pending' },
        { email: 'gone@example.ru', status: 'unsubscribed', unsubscribeToken: 'gone-token' },
      ]);
    await db()
      .insert(mailTemplates)
      .values([
        {
          code: 'news.spring',
          title: 'Весенние новинки',
          subject: 'Новинки для {{customerName}}',
          body: '<p>Здравствуйте, {{customerName}}!</p><p><a href="{{unsubscribeUrl}}">Отписаться</a></p>',
        },
        {
          code: 'news.order',
          title: 'Про заказ',
          subject: 'Заказ {{orderNumber}}',
          body: '<p>{{orderNumber}}</p>',
        },
        { code: 'news.off', title: 'Выключен', subject: 'Тема', body: '<p>Текст</p>', active: false },
      ]);
    await db()
      .insert(smsTemplates)
      .values({ code: 'sms.sale', title: 'Распродажа', body: '{{customerName}}, скидки в {{shopName}}!' });
  });

  afterAll(async () => {
    await t?.close();
  });

  describe('preview', () => {
    it('renders a template with the sample values of its code and lists its variables', async () => {
      const res = await admin('POST', '/api/admin/messages/preview', {
        channel: 'email',
        code: 'order.created',
        subject: 'Заказ №{{orderNumber}}',
        body: '<p>{{customerName}}</p>{{orderItems}}',
      });
      expect(res.statusCode).toBe(200);
      const { data } = res.json<{
        data: { subject: string; body: string; variables: { name: string; label: string }[] };
      }>();
      expect(data.subject).toBe('Заказ №2026-000125');
      expect(data.body).toBe(
        '<p>Анна</p><table><tr><td>Клей Sky S+, 5 мл</td><td>1 шт.</td><td>1 290,00 ₽</td></tr></table>',
      );
      expect(data.variables).toContainEqual({ name: 'orderNumber', label: 'Номер заказа' });
      expect(data.variables).toContainEqual({ name: 'customerName', label: 'Имя покупателя' });
    });

    it('gives a free-text newsletter the common variables and the unsubscribe link, an SMS plain text', async () => {
      const email = await admin('POST', '/api/admin/messages/preview', {
        channel: 'email',
        subject: 'Привет',
        body: '<a href="{{unsubscribeUrl}}">x</a>',
      });
      expect(email.statusCode).toBe(200);
      expect(email.json<{ data: { body: string } }>().data.body).toBe(
        '<a href="https://lash-shop.ru/newsletter/unsubscribe?token=…">x</a>',
      );
      const sms = await admin('POST', '/api/admin/messages/preview', {
        channel: 'sms',
        body: '{{customerName}} & {{shopName}}',
      });
      expect(sms.json<{ data: { subject: string; body: string } }>().data).toMatchObject({
        subject: '',
        body: 'Анна & Lash Shop',
      });
      const names = sms.json<{ data: { variables: { name: string }[] } }>().data.variables.map((v) => v.name);
      expect(names).not.toContain('unsubscribeUrl');
    });

    it('refuses unknown variables, naming them and the available ones', async () => {
      const res = await admin('POST', '/api/admin/messages/preview', {
        channel: 'email',
        code: 'order.created',
        subject: 'Тема',
        body: '<p>{{custmerName}} {{orderNumber}}</p>',
      });
      expect(res.statusCode).toBe(400);
      const error = errorOf(res);
      expect(error.message).toContain('Текст: Неизвестные переменные: {{custmerName}}');
      expect(error.fields?.body).toContain('{{orderNumber}}');
      const sms = await admin('POST', '/api/admin/messages/preview', {
        channel: 'sms',
        body: '{{unsubscribeUrl}}',
      });
      expect(sms.statusCode).toBe(400);
      expect(errorOf(sms).message).toContain('{{unsubscribeUrl}}');
    });

    it('refuses a malformed request in Russian', async () => {
      const noBody = await admin('POST', '/api/admin/messages/preview', { channel: 'email' });
      expect(noBody.statusCode).toBe(400);
      expect(errorOf(noBody).fields?.body).toBe('Обязательное поле');
      const badChannel = await admin('POST', '/api/admin/messages/preview', { channel: 'fax', body: 'x' });
      expect(badChannel.statusCode).toBe(400);
      expect(errorOf(badChannel)).toMatchObject({
        message: 'Проверьте данные: «Канал»: недопустимое значение',
        fields: { channel: 'Недопустимое значение' },
      });
    });

    it('serves the template editors (content) but nobody signed out', async () => {
      const content = await call(tokens.content, 'POST', '/api/admin/messages/preview', {
        channel: 'sms',
        body: 'Привет, {{customerName}}',
      });
      expect(content.statusCode).toBe(200);
      const guest = await t.app.inject({
        method: 'POST',
        url: '/api/admin/messages/preview',
        payload: { channel: 'sms', body: 'x' },
      });
      expect(guest.statusCode).toBe(401);
    });
  });

  describe('audience', () => {
    const total = async (query: string) => {
      const res = await admin('GET', `/api/admin/messages/audience?${query}`);
      expect(res.statusCode).toBe(200);
      return res.json<{ data: { total: number } }>().data.total;
    };

    it('counts who would receive an e-mail or an SMS', async () => {
      expect(await total(`channel=email&audience=user&userId=${ids.anna}`)).toBe(1);
      // Gleb is blocked: a group leaves him out; Boris has no phone.
      expect(await total(`channel=email&audience=group&groupId=${ids.group}`)).toBe(2);
      expect(await total(`channel=sms&audience=group&groupId=${ids.group}`)).toBe(1);
      expect(await total(`channel=sms&audience=user&userId=${ids.boris}`)).toBe(0);
      // Active subscriptions only, not pending or unsubscribed ones.
      expect(await total('channel=email&audience=subscribers')).toBe(2);
      expect(await total('channel=sms&audience=subscribers')).toBe(1);
      expect(await total(`channel=email&audience=group&groupId=${ids.emptyGroup}`)).toBe(0);
    });

    it('refuses a missing or malformed choice', async () => {
      // A malformed parameter is refused by the query's schema, named by its label; a choice without its
      // customer or group by the server's own rule.
      for (const [query, message] of [
        ['channel=fax&audience=user&userId=1', 'Проверьте данные: «Канал»: ожидается email или sms'],
        [
          'channel=email&audience=all',
          'Проверьте данные: «Получатели»: ожидается user, group или subscribers',
        ],
        ['channel=email&audience=user', 'Выберите покупателя'],
        ['channel=email&audience=group', 'Выберите группу покупателей'],
        [
          'channel=email&audience=user&userId=abc',
          'Проверьте данные: «Покупатель»: неверный номер покупателя',
        ],
        ['channel=sms&audience=group&groupId=-3', 'Проверьте данные: «Группа»: неверный номер группы'],
      ]) {
        const res = await admin('GET', `/api/admin/messages/audience?${query}`);
        expect(res.statusCode, query).toBe(400);
        expect(errorOf(res).message).toBe(message);
      }
    });
  });

  describe('mailings', () => {
    const send = (payload: object, token = tokens.admin) =>
      call(token, 'POST', '/api/admin/messages/mailings', payload);
    const created = (res: { statusCode: number; json: () => unknown }) => {
      expect(res.statusCode).toBe(201);
      return (res.json() as { data: { id: number; total: number } }).data;
    };

    it('queues one rendered e-mail per group member, with the values escaped', async () => {
      const res = await send({
        channel: 'email',
        audience: 'group',
        groupId: ids.group,
        subject: 'Новости для {{customerName}}',
        body: '<p>Здравствуйте, {{customerName}}! Звоните: {{supportPhone}}, {{siteUrl}}</p>',
      });
      const { id, total } = created(res);
      expect(total).toBe(2);
      const rows = await messagesOf(id);
      expect(rows.map((r) => [r.recipient, r.userId, r.status, r.channel])).toEqual([
        ['anna@example.ru', ids.anna, 'queued', 'email'],
        ['boris@example.ru', ids.boris, 'queued', 'email'],
      ]);
      expect(rows[0]!.subject).toBe('Новости для <b>Анна</b> & Co');
      expect(rows[0]!.body).toBe(
        '<p>Здравствуйте, &lt;b&gt;Анна&lt;/b&gt; &amp; Co! Звоните: +7 800 000-00-00, https://lash.test</p>',
      );
      expect(rows[1]!.body).toContain('Здравствуйте, Борис!');
      expect(rows.every((r) => r.nextAttemptAt !== null && r.attempts === 0)).toBe(true);
      const [mailing] = await selectRows<{ title: string; total: number; createdBy: string | null }>(
        db(),
        sql`SELECT m.title, m.total, u.email AS "createdBy"
          FROM mailings m LEFT JOIN users u ON u.id = m.created_by_id WHERE m.id = ${id}`,
      );
      expect(mailing).toEqual({ title: 'Новости для {{customerName}}', total: 2, createdBy: ADMIN.email });
    });

    it('gives every subscriber an unsubscribe link of their own, adding the footer when the text has none', async () => {
      const { id, total } = created(
        await send({ channel: 'email', audience: 'subscribers', subject: 'Скидки', body: '<p>Скидки!</p>' }),
      );
      expect(total).toBe(2);
      const rows = await messagesOf(id);
      const tokensNow = await db()
        .select({ email: subscriptions.email, token: subscriptions.unsubscribeToken })
        .from(subscriptions)
        .orderBy(subscriptions.id);
      const reader = tokensNow.find((s) => s.email === 'reader@example.ru')!;
      // The subscriber that had no token got one; the unsubscribed row is untouched.
      expect(reader.token).toMatch(/^[0-9a-f]{64}$/);
      expect(tokensNow.find((s) => s.email === 'pending@example.ru')!.token).toBeNull();
      expect(rows.map((r) => r.recipient)).toEqual(['Anna@Example.ru', 'reader@example.ru']);
      expect(rows[0]!.body).toBe(
        '<p>Скидки!</p><hr><p style="font-size:12px;color:#666">Вы получили это письмо, потому что ' +
          'подписались на новости Лэш Шоп. Чтобы больше не получать рассылку, <a href="' +
          'https://lash.test/newsletter/unsubscribe?token=anna-token">отпишитесь</a>.</p>',
      );
      expect(rows[1]!.body).toContain(`https://lash.test/newsletter/unsubscribe?token=${reader.token}`);
    });

    it('sends an active template as it is, with the link where the template puts it', async () => {
      const { id } = created(
        await send({ channel: 'email', audience: 'subscribers', templateCode: 'news.spring' }),
      );
      const rows = await messagesOf(id);
      expect(rows[0]!.subject).toBe('Новинки для <b>Анна</b> & Co');
      expect(rows[0]!.templateCode).toBe('news.spring');
      expect(rows[0]!.body).toBe(
        '<p>Здравствуйте, &lt;b&gt;Анна&lt;/b&gt; &amp; Co!</p><p><a href="' +
          'https://lash.test/newsletter/unsubscribe?token=anna-token">Отписаться</a></p>',
      );
      // A subscriber without an account has no name; the link is still theirs.
      expect(rows[1]!.body).toMatch(/^<p>Здравствуйте, !<\/p><p><a href="https:\/\/lash\.test\/newsletter/);
      const [mailing] = await selectRows<{ title: string }>(
        db(),
        sql`SELECT title FROM mailings WHERE id = ${id}`,
      );
      expect(mailing!.title).toBe('Весенние новинки');
    });

    it('queues SMS to the subscribers of SMS news and to one customer from a template', async () => {
      const subs = created(
        await send({
          channel: 'sms',
          audience: 'subscribers',
          body: '{{customerName}}, -20% до воскресенья',
        }),
      );
      const rows = await messagesOf(subs.id);
      expect(rows.map((r) => [r.recipient, r.subject, r.body])).toEqual([
        ['89120000003', null, 'Вера, -20% до воскресенья'],
      ]);
      const one = created(
        await send({ channel: 'sms', audience: 'user', userId: ids.anna, templateCode: 'sms.sale' }),
      );
      expect((await messagesOf(one.id))[0]!.body).toBe('<b>Анна</b> & Co, скидки в Лэш Шоп!');
    });

    it('refuses every bad request in Russian and writes nothing', async () => {
      const before = [await count('mailings'), await count('outbox_messages')];
      const unknownVariables = (names: string) =>
        `Неизвестные переменные: ${names}. Доступны: {{shopName}}, {{siteUrl}}, {{supportPhone}}, ` +
        '{{customerName}}, {{unsubscribeUrl}}';
      const onField = (field: string, message: string, fieldMessage = message) => ({
        message,
        fields: { [field]: fieldMessage },
      });
      const cases: [object, { message: string; fields?: Record<string, string> }][] = [
        [
          { channel: 'email', audience: 'user', subject: 'Т', body: 'x' },
          onField('userId', 'Выберите покупателя'),
        ],
        [
          { channel: 'email', audience: 'group', subject: 'Т', body: 'x' },
          onField('groupId', 'Выберите группу покупателей'),
        ],
        [
          { channel: 'email', audience: 'subscribers', subject: 'Т', body: '  ' },
          onField('body', 'Напишите текст сообщения'),
        ],
        [
          { channel: 'email', audience: 'subscribers', body: '<p>x</p>' },
          onField('subject', 'Укажите тему письма'),
        ],
        [
          { channel: 'email', audience: 'subscribers', templateCode: 'news.spring', body: 'x' },
          onField('templateCode', 'Выберите шаблон или напишите текст: одновременно и то и другое нельзя'),
        ],
        [
          { channel: 'email', audience: 'subscribers', templateCode: 'news.off' },
          onField('templateCode', 'Шаблон «news.off» не найден или выключен'),
        ],
        [
          { channel: 'sms', audience: 'subscribers', templateCode: 'news.spring' },
          onField('templateCode', 'Шаблон «news.spring» не найден или выключен'),
        ],
        [
          { channel: 'email', audience: 'user', userId: ids.boris, subject: 'Т', body: '{{orderNumber}}' },
          onField(
            'body',
            `Текст: ${unknownVariables('{{orderNumber}}')}`,
            unknownVariables('{{orderNumber}}'),
          ),
        ],
        [
          { channel: 'email', audience: 'user', userId: ids.boris, templateCode: 'news.order' },
          onField(
            'templateCode',
            `Шаблон «news.order» нельзя разослать: ${unknownVariables('{{orderNumber}}')}`,
            unknownVariables('{{orderNumber}}'),
          ),
        ],
        [
          { channel: 'email', audience: 'group', groupId: ids.emptyGroup, subject: 'Т', body: 'x' },
          { message: 'Некому отправить: у выбранных получателей нет e-mail' },
        ],
        [
          { channel: 'sms', audience: 'user', userId: ids.boris, body: 'x' },
          { message: 'Некому отправить: у выбранных получателей нет телефона' },
        ],
        [
          { channel: 'sms', audience: 'user', userId: 99999, body: 'x' },
          { message: 'Некому отправить: у выбранных получателей нет телефона' },
        ],
        [
          { channel: 'fax', audience: 'user', userId: ids.anna, body: 'x' },
          onField('channel', 'Проверьте данные: «Канал»: недопустимое значение', 'Недопустимое значение'),
        ],
        [
          { channel: 'sms', audience: 'user', userId: 'one', body: 'x' },
          onField(
            'userId',
            'Проверьте данные: «Покупатель»: должно быть целым числом',
            'Должно быть целым числом',
          ),
        ],
        [
          { channel: 'sms', audience: 'user', userId: ids.anna, body: 'x', extra: 1 },
          onField('extra', 'Проверьте данные: «extra»: неизвестное поле', 'Неизвестное поле'),
        ],
      ];
      for (const [payload, expected] of cases) {
        const res = await send(payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        // Whole: an error expected without fields must have none, one with fields exactly these.
        const { message, fields } = errorOf(res);
        expect({ message, fields }, JSON.stringify(payload)).toEqual(expected);
      }
      expect([await count('mailings'), await count('outbox_messages')]).toEqual(before);
    });

    it('queues 2 000 newsletters in one go, each to its own subscriber', async () => {
      await db().execute(sql`INSERT INTO subscriptions (email, status)
        SELECT 'bulk' || n || '@example.ru', 'active' FROM generate_series(1, 2000) AS n`);
      const { id, total } = created(
        await send({ channel: 'email', audience: 'subscribers', subject: 'Всем', body: '<p>Новости</p>' }),
      );
      expect(total).toBe(2002);
      const [stats] = await selectRows<{ n: number; recipients: number; links: number }>(
        db(),
        sql`SELECT count(*)::integer AS n, count(DISTINCT recipient)::integer AS recipients,
          count(DISTINCT substring(body from 'token=([0-9a-z-]+)'))::integer AS links
          FROM outbox_messages WHERE mailing_id = ${id}`,
      );
      expect(stats).toEqual({ n: 2002, recipients: 2002, links: 2002 });
      await db().execute(sql`DELETE FROM subscriptions WHERE email LIKE 'bulk%'`);
    });

    it('reports progress by state', async () => {
      const { id } = created(
        await send({ channel: 'email', audience: 'group', groupId: ids.group, subject: 'П', body: 'x' }),
      );
      const progress = async () => {
        const res = await admin('GET', `/api/admin/messages/mailings/${id}/progress`);
        expect(res.statusCode).toBe(200);
        return res.json<{ data: object }>().data;
      };
      expect(await progress()).toEqual({ total: 2, queued: 2, sending: 0, sent: 0, failed: 0, held: 0 });
      const [first, second] = await messagesOf(id);
      await db().update(outboxMessages).set({ status: 'sent' }).where(eq(outboxMessages.id, first!.id));
      await db().update(outboxMessages).set({ status: 'held' }).where(eq(outboxMessages.id, second!.id));
      expect(await progress()).toEqual({ total: 2, queued: 0, sending: 0, sent: 1, failed: 0, held: 1 });
      const missing = await admin('GET', '/api/admin/messages/mailings/999999/progress');
      expect(missing.statusCode).toBe(404);
      expect(errorOf(missing).message).toBe('Рассылка не найдена');
      expect((await admin('GET', '/api/admin/messages/mailings/abc/progress')).statusCode).toBe(400);
    });

    it('lets a manager send and keeps the content role and guests out', async () => {
      const manager = await send(
        { channel: 'sms', audience: 'user', userId: ids.vera, body: 'Привет' },
        tokens.manager,
      );
      expect(manager.statusCode).toBe(201);
      const before = await count('outbox_messages');
      const content = await send(
        { channel: 'sms', audience: 'user', userId: ids.vera, body: 'x' },
        tokens.content,
      );
      expect(content.statusCode).toBe(403);
      const { id } = manager.json<{ data: { id: number } }>().data;
      for (const [method, url] of [
        ['GET', `/api/admin/messages/audience?channel=sms&audience=user&userId=${ids.vera}`],
        ['GET', `/api/admin/messages/mailings/${id}/progress`],
        ['POST', '/api/admin/messages/outbox/resend'],
        ['POST', `/api/admin/messages/outbox/1/resend`],
      ] as const) {
        const res = await call(
          tokens.content,
          method,
          url,
          method === 'POST' ? { channel: 'sms' } : undefined,
        );
        expect(res.statusCode, url).toBe(403);
        const guest = await t.app.inject({
          method,
          url,
          ...(method === 'POST' ? { payload: { channel: 'sms' } } : {}),
        });
        expect(guest.statusCode, url).toBe(401);
      }
      expect(await count('outbox_messages')).toBe(before);
    });
  });

  describe('resend', () => {
    let rows: Outbox[] = [];
    // The same six messages before every test: a resend changes them, and no test may see another's.
    beforeEach(async () => {
      await db().delete(outboxMessages);
      rows = await db()
        .insert(outboxMessages)
        .values(
          (
            [
              ['email', 'failed'],
              ['email', 'held'],
              ['email', 'sent'],
              ['email', 'queued'],
              ['sms', 'failed'],
              ['email', 'failed'],
            ] as const
          ).map(([channel, status], i) => ({
            channel,
            recipient: `r${i}@example.ru`,
            subject: 'Т',
            body: 'x',
            status,
            attempts: 5,
            lastError: status === 'failed' ? 'Connection refused' : null,
            nextAttemptAt: null,
          })),
        )
        .returning();
    });
    const stored = async (id: number) =>
      (await db().select().from(outboxMessages).where(eq(outboxMessages.id, id)))[0]!;

    it('queues one failed message again from the start, keeping its last error', async () => {
      const res = await admin('POST', `/api/admin/messages/outbox/${rows[0]!.id}/resend`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ data: { count: 1 } });
      const row = await stored(rows[0]!.id);
      expect(row).toMatchObject({ status: 'queued', attempts: 0, lastError: 'Connection refused' });
      expect(row.nextAttemptAt).not.toBeNull();
    });

    it('never sends a sent message again, and leaves a queued one alone', async () => {
      const sent = await admin('POST', `/api/admin/messages/outbox/${rows[2]!.id}/resend`);
      expect(sent.statusCode).toBe(409);
      expect(errorOf(sent).message).toBe('Сообщение уже отправлено: повторно оно не отправляется');
      expect((await stored(rows[2]!.id)).status).toBe('sent');
      const queued = await admin('POST', `/api/admin/messages/outbox/${rows[3]!.id}/resend`);
      expect(queued.statusCode).toBe(409);
      expect(errorOf(queued).message).toBe('Сообщение уже в очереди на отправку');
      const missing = await admin('POST', '/api/admin/messages/outbox/999999/resend');
      expect(missing.statusCode).toBe(404);
      expect((await admin('POST', '/api/admin/messages/outbox/0/resend')).statusCode).toBe(400);
    });

    it('queues every failed and held message of one channel again', async () => {
      const res = await admin('POST', '/api/admin/messages/outbox/resend', { channel: 'email' });
      expect(res.json()).toEqual({ data: { count: 3 } });
      expect((await stored(rows[0]!.id)).status).toBe('queued');
      expect((await stored(rows[1]!.id)).status).toBe('queued');
      expect((await stored(rows[5]!.id)).status).toBe('queued');
      expect((await stored(rows[2]!.id)).status).toBe('sent');
      expect((await stored(rows[4]!.id)).status).toBe('failed');
      const again = await admin('POST', '/api/admin/messages/outbox/resend', { channel: 'email' });
      expect(again.json()).toEqual({ data: { count: 0 } });
      const bad = await admin('POST', '/api/admin/messages/outbox/resend', { channel: 'post' });
      expect(bad.statusCode).toBe(400);
      expect(errorOf(bad)).toMatchObject({
        message: 'Проверьте данные: «Канал»: недопустимое значение',
        fields: { channel: 'Недопустимое значение' },
      });
      expect((await admin('POST', '/api/admin/messages/outbox/resend', {})).statusCode).toBe(400);
    });

    it('lets a manager resend', async () => {
      const res = await call(tokens.manager, 'POST', '/api/admin/messages/outbox/resend', { channel: 'sms' });
      expect(res.json()).toEqual({ data: { count: 1 } });
      expect((await stored(rows[4]!.id)).status).toBe('queued');
      expect((await stored(rows[0]!.id)).status).toBe('failed');
    });
  });

  describe('the outbox log', () => {
    it('cannot be written by hand, not even by an administrator (x-access: create and edit are nobody’s)', async () => {
      // A message of its own to try to edit: the other tests may not have queued any yet.
      const [row] = await db()
        .insert(outboxMessages)
        .values({ channel: 'email', recipient: 'log@example.ru', subject: 'Т', body: 'x', status: 'failed' })
        .returning();
      const before = await count('outbox_messages');
      const create = await admin('POST', '/api/admin/outbox-messages', {
        channel: 'email',
        recipient: 'hand@example.ru',
        body: 'x',
        status: 'queued',
      });
      expect(create.statusCode).toBe(403);
      expect(errorOf(create).code).toBe('forbidden');
      expect(await count('outbox_messages')).toBe(before);
      const edit = await admin('PUT', `/api/admin/outbox-messages/${row!.id}`, { ...row, status: 'sent' });
      expect(edit.statusCode).toBe(403);
      expect(errorOf(edit).code).toBe('forbidden');
      expect(
        (await db().select().from(outboxMessages).where(eq(outboxMessages.id, row!.id)))[0]!.status,
      ).toBe(row!.status);
      const list = await admin('GET', '/api/admin/outbox-messages');
      expect(list.statusCode).toBe(200);
    });
  });
});
