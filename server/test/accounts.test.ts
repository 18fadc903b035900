// The accounts API through HTTP on a real database: registration, e-mail confirmation, password recovery,
// reset and change, sliding sessions, sign-in throttling, X-User-Group, the profile, company requisites,
// bonuses and the customer's own orders.
import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  bonusTransactions,
  consents,
  orderItems,
  orders,
  outboxMessages,
  sessions,
  settings,
  subscriptions,
  userGroups,
  users,
  userTokens,
  userTypes,
} from '../generated/tables';
import { sendRecoveryLetter } from '../src/domains/accounts/password-routes';
import { loginDelayMs } from '../src/domains/accounts/throttle';
import { ensureSystemTemplates } from '../src/domains/messages/system-templates';
import { ADMIN, describeOnDatabases, itRaces, startTestApp, type TestApp } from './harness';

const SITE = 'https://shop.test';
const PASSWORD = 'lashes-2024';
type Json = Record<string, unknown>;

describeOnDatabases('accounts on $name', (target) => {
  let t: TestApp;
  const db = () => t.database.db;
  beforeAll(async () => {
    t = await startTestApp(target, { config: { siteUrl: SITE } });
    await ensureSystemTemplates(db());
    await db().insert(settings).values({ shopName: 'Ресницы', bonusEnabled: true, bonusWelcomePoints: 150 });
    await db()
      .insert(userTypes)
      .values([
        { code: 'retail', title: 'Розница', sortOrder: 10 },
        { code: 'master', title: 'Мастер', sortOrder: 20, discountPercent: 5 },
      ]);
  });
  afterAll(async () => {
    await t.close();
  });

  const post = (url: string, payload: unknown, token?: string, headers: Json = {}) =>
    t.app.inject({
      method: 'POST',
      url,
      payload: payload as object,
      headers: { ...(token ? { authorization: token } : {}), ...(headers as Record<string, string>) },
    });
  const get = (url: string, token?: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { ...(token ? { authorization: token } : {}), ...headers } });
  const put = (url: string, payload: unknown, token: string) =>
    t.app.inject({ method: 'PUT', url, payload: payload as object, headers: { authorization: token } });
  const login = async (loginName: string, password: string, extra: Json = {}) => {
    const res = await post('/api/auth/login', { login: loginName, password, ...extra });
    expect(res.statusCode).toBe(200);
    return res.json<{ data: { token: string } }>().data.token;
  };
  const session = async (token: string) => {
    const res = await get('/api/auth/session', token);
    expect(res.statusCode).toBe(200);
    return res.json<{ data: Json }>().data;
  };
  const letters = (to: string, code: string) =>
    db()
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.recipient, to), eq(outboxMessages.templateCode, code)))
      .orderBy(desc(outboxMessages.id));
  /** The token of the newest letter's link to this page. */
  const linkToken = async (to: string, code: string, page: string) => {
    const [letter] = await letters(to, code);
    const match = new RegExp(`${SITE}/${page}\\?token=([\\w-]+)`).exec(letter?.body ?? '');
    expect(match, `a ${page} link in the letter to ${to}`).not.toBeNull();
    return match![1]!;
  };
  let seq = 0;
  const person = (extra: Json = {}) => {
    seq += 1;
    return {
      name: 'Анна',
      email: `anna${seq}@test.local`,
      phone: `+7 999 200-${String(seq).padStart(2, '0')}-00`,
      password: PASSWORD,
      consent: true,
      ...extra,
    };
  };
  const register = async (extra: Json = {}) => {
    const body = person(extra);
    const res = await post('/api/auth/register', body);
    expect(res.statusCode, res.body).toBe(201);
    return { ...body, token: res.json<{ data: { token: string } }>().data.token };
  };
  const userOf = async (email: string) => (await db().select().from(users).where(eq(users.email, email)))[0]!;

  describe('registration', () => {
    it('refuses without consent, with a weak password, a bad phone or a short name, in Russian', async () => {
      // Other tests register customers of their own, before this one or after.
      const customers = async () =>
        (await db().select({ id: users.id }).from(users).where(eq(users.role, 'customer'))).length;
      const before = await customers();
      const noConsent = await post('/api/auth/register', person({ consent: false }));
      expect(noConsent.statusCode).toBe(400);
      expect(noConsent.json()).toMatchObject({
        error: {
          fields: {
            consent: 'Чтобы зарегистрироваться, подтвердите согласие на обработку персональных данных',
          },
        },
      });
      const missing = person();
      delete (missing as Json).consent;
      expect((await post('/api/auth/register', missing)).json()).toMatchObject({
        error: { fields: { consent: 'Обязательное поле' } },
      });
      for (const password of ['short1', 'onlyletters', '1234567890']) {
        const res = await post('/api/auth/register', person({ password }));
        expect(res.statusCode).toBe(400);
        expect(res.json<{ error: { fields: Json } }>().error.fields.password).toBe(
          'Пароль должен быть не короче 8 символов и содержать хотя бы одну букву и цифру',
        );
      }
      const bad = await post(
        '/api/auth/register',
        person({ phone: '12-34', name: ' А ', email: 'not-mail' }),
      );
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({
        error: {
          fields: {
            phone: 'Введите номер телефона полностью, например +7 999 123-45-67',
            name: 'Не короче 2 символов',
            email: 'Неверный адрес электронной почты',
          },
        },
      });
      expect(bad.json<{ error: { message: string } }>().error.message).toContain('«Телефон»');
      expect(await customers()).toBe(before);
    });

    it('creates the customer with type, welcome points, consent and a confirmation letter, and signs in', async () => {
      const anna = await register({ subscribe: true });
      const me = await session(anna.token);
      expect(me).toMatchObject({
        email: anna.email,
        name: 'Анна',
        role: 'customer',
        isAdmin: false,
        phone: `+${anna.phone.replace(/\D/g, '')}`,
        emailConfirmed: false,
        isBonusAllowed: true,
        bonusBalance: 150,
        userType: { code: 'retail', title: 'Розница', discountPercent: 0 },
        actingGroupId: null,
        session: { remember: false },
      });
      const user = await userOf(anna.email);
      const [consent] = await db().select().from(consents).where(eq(consents.userId, user.id));
      expect(consent).toMatchObject({ purpose: 'personal_data', source: 'registration', email: anna.email });
      expect(consent!.textVersion).toMatch(/^company\/consent@/);
      const [sub] = await db().select().from(subscriptions).where(eq(subscriptions.email, anna.email));
      expect(sub).toMatchObject({ status: 'pending', source: 'registration', userId: user.id });
      const [letter] = await letters(anna.email, 'auth.registration');
      expect(letter).toMatchObject({ status: 'queued', userId: user.id, channel: 'email' });
      expect(letter!.body).toContain('Анна');
      const token = await linkToken(anna.email, 'auth.registration', 'mail-confirm');
      const [stored] = await db().select().from(userTokens).where(eq(userTokens.userId, user.id));
      // Only the hash is kept, and the link lives a day.
      expect(stored!.purpose).toBe('email_confirm');
      expect(JSON.stringify(stored)).not.toContain(token);
      const hours = (stored!.expiresAt.getTime() - Date.now()) / 3_600_000;
      expect(hours).toBeGreaterThan(23.9);
      expect(hours).toBeLessThanOrEqual(24);
    });

    it('refuses a taken e-mail (any case) or phone (any notation) with 409', async () => {
      const first = await register();
      const sameEmail = await post('/api/auth/register', person({ email: first.email.toUpperCase() }));
      expect(sameEmail.statusCode).toBe(409);
      expect(sameEmail.json()).toMatchObject({
        error: { fields: { email: 'Этот e-mail уже зарегистрирован. Войдите или восстановите пароль.' } },
      });
      const samePhone = await post(
        '/api/auth/register',
        person({ phone: `8${first.phone.replace(/\D/g, '').slice(1)}` }),
      );
      expect(samePhone.statusCode).toBe(409);
      expect(samePhone.json()).toMatchObject({
        error: { fields: { phone: 'Этот телефон уже зарегистрирован. Войдите или восстановите пароль.' } },
      });
    });

    itRaces(
      target,
      'lets only one of several simultaneous registrations with the same e-mail or phone through',
      async () => {
        // Three at once with one e-mail (from three addresses, as three people would), three rounds; then the
        // same with one phone. The unique keys decide, not the check before the insert: exactly one passes.
        const register = (body: Json, n: number) =>
          t.app.inject({
            method: 'POST',
            url: '/api/auth/register',
            payload: body as object,
            remoteAddress: `198.51.100.${n}`,
          });
        for (const field of ['email', 'phone'] as const)
          for (let round = 0; round < 3; round++) {
            const first = person();
            const answers = await Promise.all(
              [first, person({ [field]: first[field] }), person({ [field]: first[field] })].map((body, i) =>
                register(body, round * 3 + i + 1),
              ),
            );
            expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
            for (const refused of answers.filter((r) => r.statusCode === 409))
              expect(refused.json()).toMatchObject({
                error: {
                  fields:
                    field === 'email'
                      ? { email: 'Этот e-mail уже зарегистрирован. Войдите или восстановите пароль.' }
                      : { phone: 'Этот телефон уже зарегистрирован. Войдите или восстановите пароль.' },
                },
              });
          }
      },
    );

    itRaces(
      target,
      'writes every recovery letter when several are asked for one account at once',
      async () => {
        // The letters are written after the answers, so two requests' letters can be written at the same
        // moment: each issues a link, and the link of one account and purpose is unique while unused.
        const { email } = await register();
        const user = await userOf(email);
        for (let round = 0; round < 3; round++) {
          const results = await Promise.allSettled(
            Array.from({ length: 5 }, () => sendRecoveryLetter(t.database.db, email, SITE)),
          );
          expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
        }
        expect(await letters(email, 'auth.password_recovery')).toHaveLength(15);
        const unused = await db()
          .select()
          .from(userTokens)
          .where(and(eq(userTokens.userId, user.id), isNull(userTokens.usedAt)));
        expect(unused.filter((row) => row.purpose === 'password_reset')).toHaveLength(1);
      },
    );

    it('does not sign in with signIn: false; the phone signs in in any notation', async () => {
      const body = person({ signIn: false });
      const res = await post('/api/auth/register', body);
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({ data: { token: null } });
      await login(`8 ${body.phone.replace(/\D/g, '').slice(1)}`, PASSWORD);
    });
  });

  describe('e-mail confirmation', () => {
    it('confirms once by the letter link and activates the registration subscription', async () => {
      const anna = await register({ subscribe: true });
      const token = await linkToken(anna.email, 'auth.registration', 'mail-confirm');
      const ok = await post('/api/auth/email/confirm', { token });
      expect(ok.statusCode).toBe(200);
      expect((await session(anna.token)).emailConfirmed).toBe(true);
      const [sub] = await db().select().from(subscriptions).where(eq(subscriptions.email, anna.email));
      expect(sub!.status).toBe('active');
      const again = await post('/api/auth/email/confirm', { token });
      expect(again.statusCode).toBe(400);
      expect(again.json()).toMatchObject({
        error: {
          message:
            'Ссылка подтверждения недействительна или устарела. Запросите новое письмо в личном кабинете.',
        },
      });
      expect((await post('/api/auth/email/confirm', { token: 'made-up' })).statusCode).toBe(400);
      expect((await post('/api/auth/email/confirm', {})).json()).toMatchObject({
        error: { fields: { token: 'Обязательное поле' } },
      });
    });

    it('refuses an expired link', async () => {
      const anna = await register();
      const token = await linkToken(anna.email, 'auth.registration', 'mail-confirm');
      const user = await userOf(anna.email);
      await db()
        .update(userTokens)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(userTokens.userId, user.id));
      expect((await post('/api/auth/email/confirm', { token })).statusCode).toBe(400);
      expect((await session(anna.token)).emailConfirmed).toBe(false);
    });

    it('resends a new letter to a signed-in customer; the old link stops working', async () => {
      const anna = await register();
      const old = await linkToken(anna.email, 'auth.registration', 'mail-confirm');
      expect((await post('/api/auth/email/resend', {})).statusCode).toBe(401);
      const res = await post('/api/auth/email/resend', {}, anna.token);
      expect(res.statusCode).toBe(200);
      expect(await letters(anna.email, 'auth.registration')).toHaveLength(2);
      const fresh = await linkToken(anna.email, 'auth.registration', 'mail-confirm');
      expect(fresh).not.toBe(old);
      expect((await post('/api/auth/email/confirm', { token: old })).statusCode).toBe(400);
      expect((await post('/api/auth/email/confirm', { token: fresh })).statusCode).toBe(200);
      const done = await post('/api/auth/email/resend', {}, anna.token);
      expect(done.statusCode).toBe(400);
      expect(done.json()).toMatchObject({ error: { message: 'Этот e-mail уже подтверждён' } });
    });
  });

  describe('passwords', () => {
    // Recovery allows 5 requests per address an hour: each test asks from an address of its own, so that
    // none of them spends the allowance of another, whatever their order.
    // The letter is written after the answer: each call waits for that work too.
    const recover = async (email: string, ip: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/password/recovery',
        payload: { email },
        remoteAddress: ip,
      });
      expect(res.statusCode, email).toBe(200);
      await t.afterResponse.idle();
      return res.json<unknown>();
    };

    it('answers recovery before looking at the address, known or not: the same path, the same time', async () => {
      const anna = await register();
      const user = await userOf(anna.email);
      const tokensOf = () =>
        db()
          .select()
          .from(userTokens)
          .where(and(eq(userTokens.userId, user.id), eq(userTokens.purpose, 'password_reset')));
      const before = {
        tokens: (await tokensOf()).length,
        letters: (await letters(anna.email, 'auth.password_recovery')).length,
      };
      const release = t.afterResponse.hold();
      try {
        const ask = (email: string) =>
          t.app.inject({
            method: 'POST',
            url: '/api/auth/password/recovery',
            payload: { email },
            remoteAddress: '192.0.2.12',
          });
        const known = await ask(anna.email);
        const unknown = await ask('nobody-at-all@test.local');
        expect([known.statusCode, unknown.statusCode]).toEqual([200, 200]);
        expect(known.body).toBe(unknown.body);
        // Both answers are out and each left exactly one piece of work behind: the lookup and the letter
        // (for the known address) had not begun when it was sent. Nothing was written yet.
        expect(t.afterResponse.pending).toBe(2);
        expect((await tokensOf()).length).toBe(before.tokens);
        expect(await letters(anna.email, 'auth.password_recovery')).toHaveLength(before.letters);
      } finally {
        release();
      }
      await t.afterResponse.idle();
      expect(await tokensOf()).toHaveLength(1);
      expect(await letters(anna.email, 'auth.password_recovery')).toHaveLength(before.letters + 1);
      expect(await letters('nobody-at-all@test.local', 'auth.password_recovery')).toHaveLength(0);
    });

    it('answers recovery the same for every address; every active account gets a letter, staff too', async () => {
      const anna = await register();
      const blocked = await register();
      await db().update(users).set({ active: false }).where(eq(users.email, blocked.email));
      const ask = (email: string) => recover(email, '192.0.2.10');
      const known = await ask(anna.email.toUpperCase());
      expect(known).toEqual({
        data: {
          message:
            'Если этот e-mail зарегистрирован, мы отправили на него письмо со ссылкой для смены пароля. ' +
            'Ссылка действует 1 час.',
        },
      });
      // An administrator who forgot the password needs the same way back in as a customer.
      expect(await ask(ADMIN.email.toUpperCase())).toEqual(known);
      expect(await ask('nobody@test.local')).toEqual(known);
      expect(await ask(blocked.email)).toEqual(known);
      expect(await letters(anna.email, 'auth.password_recovery')).toHaveLength(1);
      expect(await letters(ADMIN.email, 'auth.password_recovery')).toHaveLength(1);
      expect(await letters('nobody@test.local', 'auth.password_recovery')).toHaveLength(0);
      expect(await letters(blocked.email, 'auth.password_recovery')).toHaveLength(0);
      const bad = await t.app.inject({
        method: 'POST',
        url: '/api/auth/password/recovery',
        payload: { email: 'x' },
        remoteAddress: '192.0.2.10',
      });
      expect(bad.statusCode).toBe(400);
    });

    it('resets by a one-hour single-use link and ends every session', async () => {
      const anna = await register();
      const second = await login(anna.email, PASSWORD, { remember: true });
      await recover(anna.email, '192.0.2.11');
      const token = await linkToken(anna.email, 'auth.password_recovery', 'change-password');
      const user = await userOf(anna.email);
      const [stored] = await db()
        .select()
        .from(userTokens)
        .where(eq(userTokens.userId, user.id))
        .orderBy(desc(userTokens.id));
      const minutes = (stored!.expiresAt.getTime() - Date.now()) / 60_000;
      expect(minutes).toBeGreaterThan(59);
      expect(minutes).toBeLessThanOrEqual(60);

      const weak = await post('/api/auth/password/reset', { token, password: 'password' });
      expect(weak.statusCode).toBe(400);
      const ok = await post('/api/auth/password/reset', { token, password: 'new-lashes-7' });
      expect(ok.statusCode).toBe(200);
      for (const old of [anna.token, second])
        expect((await get('/api/auth/session', old)).statusCode).toBe(401);
      expect((await post('/api/auth/login', { login: anna.email, password: PASSWORD })).statusCode).toBe(401);
      await login(anna.email, 'new-lashes-7');
      const again = await post('/api/auth/password/reset', { token, password: 'other-lashes-8' });
      expect(again.statusCode).toBe(400);
      expect(again.json()).toMatchObject({
        error: {
          message:
            'Ссылка для смены пароля недействительна или устарела. Запросите восстановление пароля ещё раз.',
        },
      });
    });

    it('refuses an expired reset link', async () => {
      const anna = await register();
      await recover(anna.email, '192.0.2.12');
      const token = await linkToken(anna.email, 'auth.password_recovery', 'change-password');
      const user = await userOf(anna.email);
      await db()
        .update(userTokens)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(and(eq(userTokens.userId, user.id), eq(userTokens.purpose, 'password_reset')));
      expect((await post('/api/auth/password/reset', { token, password: 'new-lashes-7' })).statusCode).toBe(
        400,
      );
      await login(anna.email, PASSWORD);
    });

    it('changes the password with the current one; other sessions end, this one stays', async () => {
      const anna = await register();
      const other = await login(anna.email, PASSWORD);
      expect(
        (await post('/api/auth/password/change', { currentPassword: PASSWORD, password: 'x1' })).statusCode,
      ).toBe(401);
      const wrong = await post(
        '/api/auth/password/change',
        { currentPassword: 'not-it-1', password: 'new-lashes-7' },
        anna.token,
      );
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toMatchObject({
        error: { fields: { currentPassword: 'Неверный текущий пароль' } },
      });
      const weak = await post(
        '/api/auth/password/change',
        { currentPassword: PASSWORD, password: 'abcdefgh' },
        anna.token,
      );
      expect(weak.json()).toMatchObject({
        error: {
          fields: {
            password: 'Пароль должен быть не короче 8 символов и содержать хотя бы одну букву и цифру',
          },
        },
      });
      const ok = await post(
        '/api/auth/password/change',
        { currentPassword: PASSWORD, password: 'new-lashes-7' },
        anna.token,
      );
      expect(ok.statusCode).toBe(200);
      expect((await get('/api/auth/session', anna.token)).statusCode).toBe(200);
      expect((await get('/api/auth/session', other)).statusCode).toBe(401);
      await login(anna.email, 'new-lashes-7');
    });
  });

  describe('sessions', () => {
    const sessionRow = async (userId: number) =>
      (await db().select().from(sessions).where(eq(sessions.userId, userId)).orderBy(desc(sessions.id)))[0]!;

    it('lasts a day, or 30 days with remember-me', async () => {
      const anna = await register();
      const day = new Date(((await session(anna.token)).session as Json).expiresAt as string);
      expect((day.getTime() - Date.now()) / 3_600_000).toBeGreaterThan(23.9);
      const long = await login(anna.email, PASSWORD, { remember: true });
      const s = (await session(long)).session as Json;
      expect(s.remember).toBe(true);
      expect((new Date(s.expiresAt as string).getTime() - Date.now()) / 86_400_000).toBeGreaterThan(29.9);
    });

    it('extends a session used with less than half its lifetime left, and not one used earlier', async () => {
      const anna = await register();
      const user = await userOf(anna.email);
      const { id } = await sessionRow(user.id);
      const fresh = new Date(Date.now() + 20 * 3_600_000);
      await db().update(sessions).set({ expiresAt: fresh }).where(eq(sessions.id, id));
      await session(anna.token);
      expect((await sessionRow(user.id)).expiresAt.getTime()).toBe(fresh.getTime());

      await db()
        .update(sessions)
        .set({ expiresAt: new Date(Date.now() + 3_600_000) })
        .where(eq(sessions.id, id));
      const reported = (await session(anna.token)).session as Json;
      const extended = (await sessionRow(user.id)).expiresAt;
      expect((extended.getTime() - Date.now()) / 3_600_000).toBeGreaterThan(23.9);
      expect(reported.expiresAt).toBe(extended.toISOString());
    });

    it('refuses an expired session and deletes it; logout revokes', async () => {
      const anna = await register();
      const user = await userOf(anna.email);
      const { id } = await sessionRow(user.id);
      await db()
        .update(sessions)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(sessions.id, id));
      const res = await get('/api/auth/session', anna.token);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ error: { message: 'Сессия не найдена или истекла' } });
      expect(await db().select().from(sessions).where(eq(sessions.id, id))).toEqual([]);
      const token = await login(anna.email, PASSWORD);
      expect((await post('/api/auth/logout', {}, token)).statusCode).toBe(200);
      expect((await get('/api/auth/session', token)).statusCode).toBe(401);
    });
  });

  describe('groups and representatives', () => {
    it('accepts a representative group of the user and refuses any other X-User-Group with 403', async () => {
      const [rep, plain, foreign] = await db()
        .insert(userGroups)
        .values([
          { title: 'Представитель Казань', isRepresentative: true },
          { title: 'Оптовики', isRepresentative: false },
          { title: 'Представитель Сочи', isRepresentative: true },
        ])
        .returning({ id: userGroups.id });
      const anna = await register();
      await db()
        .update(users)
        .set({ groupIds: [rep!.id, plain!.id] })
        .where(eq(users.email, anna.email));

      const acting = await get('/api/auth/session', anna.token, { 'x-user-group': String(rep!.id) });
      expect(acting.statusCode).toBe(200);
      expect(acting.json()).toMatchObject({
        data: {
          actingGroupId: rep!.id,
          groups: expect.arrayContaining([
            { id: rep!.id, title: 'Представитель Казань', isRepresentative: true },
            { id: plain!.id, title: 'Оптовики', isRepresentative: false },
          ]),
        },
      });
      for (const id of [plain!.id, foreign!.id, 999999]) {
        const res = await get('/api/profile', anna.token, { 'x-user-group': String(id) });
        expect(res.statusCode).toBe(403);
        expect(res.json<{ error: { message: string } }>().error.message).toBe(
          `Вы не являетесь представителем группы №${id}: действовать от её имени нельзя`,
        );
      }
      const junk = await get('/api/categories/tree', anna.token, { 'x-user-group': 'abc' });
      expect(junk.statusCode).toBe(400);
      // A guest has no group: the header is ignored rather than breaking the catalogue.
      expect(
        (await get('/api/categories/tree', undefined, { 'x-user-group': String(foreign!.id) })).statusCode,
      ).toBe(200);
      // A switched-off group can no longer be acted for.
      await db().update(userGroups).set({ active: false }).where(eq(userGroups.id, rep!.id));
      expect(
        (await get('/api/auth/session', anna.token, { 'x-user-group': String(rep!.id) })).statusCode,
      ).toBe(403);
    });
  });

  describe('profile', () => {
    it('reads and updates the own data; a new e-mail needs confirming again', async () => {
      const anna = await register();
      await post('/api/auth/email/confirm', {
        token: await linkToken(anna.email, 'auth.registration', 'mail-confirm'),
      });
      const got = await get('/api/profile', anna.token);
      expect(got.json()).toMatchObject({
        data: { email: anna.email, name: 'Анна', birthday: null, emailConfirmed: true },
      });
      expect((await get('/api/profile')).statusCode).toBe(401);

      const ok = await put(
        '/api/profile',
        {
          name: 'Анна Петрова',
          email: 'Anna.New@Test.local',
          phone: '8 (912) 000-11-22',
          birthday: '1990-05-17',
        },
        anna.token,
      );
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json()).toEqual({
        data: {
          id: expect.any(Number),
          name: 'Анна Петрова',
          email: 'anna.new@test.local',
          phone: '+79120001122',
          birthday: '1990-05-17',
          emailConfirmed: false,
        },
      });
      await linkToken('anna.new@test.local', 'auth.registration', 'mail-confirm');
      await login('anna.new@test.local', PASSWORD);
    });

    it("refuses bad fields and another account's e-mail or phone", async () => {
      const anna = await register();
      const other = await register();
      const bad = await put(
        '/api/profile',
        { name: 'А', email: 'nope', phone: '123', birthday: '1990-02-30' },
        anna.token,
      );
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({
        error: {
          fields: {
            name: 'Не короче 2 символов',
            email: 'Неверный адрес электронной почты',
            phone: 'Введите номер телефона полностью, например +7 999 123-45-67',
            birthday: 'Неверная дата',
          },
        },
      });
      const future = await put(
        '/api/profile',
        { name: 'Анна', email: anna.email, phone: anna.phone, birthday: '2999-01-01' },
        anna.token,
      );
      expect(future.json()).toMatchObject({
        error: { fields: { birthday: 'Дата рождения не может быть в будущем' } },
      });
      const taken = await put(
        '/api/profile',
        { name: 'Анна', email: other.email, phone: other.phone },
        anna.token,
      );
      expect(taken.statusCode).toBe(409);
      expect(Object.keys(taken.json<{ error: { fields: Json } }>().error.fields).sort()).toEqual([
        'email',
        'phone',
      ]);
      expect((await get('/api/profile', anna.token)).json()).toMatchObject({ data: { email: anna.email } });
    });

    it('keeps the company requisites with their check digits', async () => {
      const anna = await register();
      expect((await get('/api/profile/company', anna.token)).json()).toEqual({ data: null });
      const company = {
        legalForm: 'ooo',
        name: 'ООО «Ресницы»',
        inn: '7707083893',
        kpp: '773601001',
        ogrn: '1027700132195',
        legalAddress: 'Москва, ул. Вавилова, 19',
        bik: '044525225',
        settlementAccount: '40702810938000000001',
        correspondentAccount: '30101810400000000225',
      };
      const badInn = await put('/api/profile/company', { ...company, inn: '7707083894' }, anna.token);
      expect(badInn.statusCode).toBe(400);
      expect(badInn.json()).toMatchObject({
        error: { fields: { inn: 'Неверный ИНН: не сходится контрольное число. Проверьте цифры.' } },
      });
      expect(badInn.json<{ error: { message: string } }>().error.message).toContain('«ИНН»: неверный ИНН');
      const checks = await put(
        '/api/profile/company',
        { ...company, legalForm: 'ip', ogrn: '1027700132196', settlementAccount: '40702810038000000001' },
        anna.token,
      );
      expect(checks.json()).toMatchObject({
        error: {
          fields: {
            inn: 'У ИП и самозанятого ИНН из 12 цифр',
            kpp: 'У ИП и самозанятого нет КПП: оставьте поле пустым',
            ogrn: 'Неверный ОГРН / ОГРНИП: не сходится контрольное число. Проверьте цифры.',
            settlementAccount: 'Расчётный счёт не сходится с БИК: проверьте цифры счёта и БИК',
          },
        },
      });
      const format = await put('/api/profile/company', { ...company, inn: '12345', bik: '123' }, anna.token);
      expect(format.json()).toMatchObject({
        error: { fields: { inn: 'Неверный формат', bik: 'Неверный формат' } },
      });

      const saved = await put('/api/profile/company', { ...company, actualAddress: '' }, anna.token);
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json()).toMatchObject({ data: { ...company, actualAddress: null } });
      const ip = await put(
        '/api/profile/company',
        { legalForm: 'ip', name: 'ИП Петрова А. С.', inn: '500100732259', ogrn: '304500116000157' },
        anna.token,
      );
      expect(ip.statusCode, ip.body).toBe(200);
      expect((await get('/api/profile/company', anna.token)).json()).toMatchObject({
        data: { legalForm: 'ip', inn: '500100732259', kpp: null, bik: null },
      });
    });
  });

  describe('bonuses and orders', () => {
    it('shows the balance and the ledger', async () => {
      const anna = await register();
      const user = await userOf(anna.email);
      await db()
        .insert(bonusTransactions)
        .values([
          { userId: user.id, amount: -50, kind: 'spending', reason: 'Оплата' },
          { userId: user.id, amount: -20, kind: 'manual', reason: null },
        ]);
      const res = await get('/api/profile/bonuses', anna.token);
      expect(res.statusCode).toBe(200);
      const body = res.json<{ data: { balance: number; allowed: boolean; history: Json[] }; meta: Json }>();
      expect(body.data.balance).toBe(80);
      expect(body.data.allowed).toBe(true);
      expect(body.meta).toEqual({ total: 3, page: 1, perPage: 20 });
      // An administrator's correction reads as its reason, or as the shop's: never «Ручная корректировка».
      expect(body.data.history.map((h) => [h.amount, h.kindLabel, h.reason])).toEqual(
        expect.arrayContaining([
          [150, 'Баллы за регистрацию', null],
          [-50, 'Оплата заказа', 'Оплата'],
          [-20, 'Списано магазином', null],
        ]),
      );
      expect((await get('/api/profile/bonuses?perPage=0', anna.token)).statusCode).toBe(400);
    });

    it("lists only the customer's own orders by status, and the group's for its representative", async () => {
      const anna = await register();
      const boris = await register({ name: 'Борис' });
      const [a, b] = [await userOf(anna.email), await userOf(boris.email)];
      const [group] = await db()
        .insert(userGroups)
        .values({ title: 'Представитель Тверь', isRepresentative: true })
        .returning({ id: userGroups.id });
      await db()
        .update(users)
        .set({ groupIds: [group!.id] })
        .where(eq(users.id, a.id));
      const order = (number: string, userId: number, status: string, userGroupId: number | null = null) => ({
        number,
        userId,
        userGroupId,
        status,
        customerName: 'Покупатель',
        customerPhone: '+79990000000',
        total: 129000,
      });
      await db()
        .insert(orders)
        .values([
          order(`A-${seq}-1`, a.id, 'new'),
          order(`A-${seq}-2`, a.id, 'completed'),
          order(`A-${seq}-3`, a.id, 'canceled'),
          order(`B-${seq}-1`, b.id, 'new', group!.id),
        ]);
      const numbers = async (query: string, headers: Record<string, string> = {}) =>
        (await get(`/api/profile/orders${query}`, anna.token, headers))
          .json<{ data: { number: string }[] }>()
          .data.map((o) => o.number);
      expect(await numbers('')).toEqual([`A-${seq}-1`]);
      expect(await numbers('?status=completed')).toEqual([`A-${seq}-2`]);
      expect(await numbers('?status=canceled')).toEqual([`A-${seq}-3`]);
      expect((await get('/api/profile/orders?status=all', anna.token)).statusCode).toBe(400);

      const own = await get(`/api/profile/orders/A-${seq}-1`, anna.token);
      expect(own.json()).toMatchObject({
        data: { number: `A-${seq}-1`, status: 'new', statusLabel: 'Новый', total: 129000, items: [] },
      });
      const foreign = await get(`/api/profile/orders/B-${seq}-1`, anna.token);
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json()).toMatchObject({ error: { message: `Заказ B-${seq}-1 не найден` } });
      expect((await get(`/api/profile/orders/A-${seq}-1`, boris.token)).statusCode).toBe(404);

      // Each order counts its own pieces (2 + 2 in one, 3 in another).
      const ids = await db()
        .select({ id: orders.id, number: orders.number })
        .from(orders)
        .where(inArray(orders.number, [`A-${seq}-1`, `A-${seq}-2`]));
      const idOf = (n: string) => ids.find((o) => o.number === n)!.id;
      const item = (orderId: number, quantity: number, position: number) => ({
        orderId,
        title: 'Клей',
        price: 1000,
        quantity,
        total: 1000 * quantity,
        position,
      });
      await db()
        .insert(orderItems)
        .values([
          item(idOf(`A-${seq}-1`), 2, 1),
          item(idOf(`A-${seq}-1`), 2, 2),
          item(idOf(`A-${seq}-2`), 3, 1),
        ]);
      const counts = async (query: string) =>
        (await get(`/api/profile/orders${query}`, anna.token))
          .json<{ data: { itemsCount: number }[] }>()
          .data.map((o) => o.itemsCount);
      expect(await counts('')).toEqual([4]);
      expect(await counts('?status=completed')).toEqual([3]);
      expect(await counts('?status=canceled')).toEqual([0]);

      const asGroup = { 'x-user-group': String(group!.id) };
      expect(await numbers('', asGroup)).toEqual([`B-${seq}-1`]);
      expect((await get(`/api/profile/orders/B-${seq}-1`, anna.token, asGroup)).statusCode).toBe(200);
    });
  });
  it('describes the account endpoints in /api/docs, every reference resolving to a component', async () => {
    const doc = (await get('/api/docs/json')).json<{
      paths: Record<string, Record<string, unknown>>;
      components: { schemas: Record<string, unknown> };
    }>();
    const ours = {
      '/api/auth/register': ['post'],
      '/api/auth/email/confirm': ['post'],
      '/api/auth/email/resend': ['post'],
      '/api/auth/password/recovery': ['post'],
      '/api/auth/password/reset': ['post'],
      '/api/auth/password/change': ['post'],
      '/api/profile': ['get', 'put'],
      '/api/profile/company': ['get', 'put'],
      '/api/profile/bonuses': ['get'],
      '/api/profile/orders': ['get'],
      '/api/profile/orders/{name}': ['get'],
    };
    for (const [path, methods] of Object.entries(ours)) {
      expect(Object.keys(doc.paths[path] ?? {}).sort(), path).toEqual(methods);
      const names = [...JSON.stringify(doc.paths[path]).matchAll(/"#\/components\/schemas\/(\w+)"/g)].map(
        (m) => m[1]!,
      );
      // Each endpoint's answer at least is a component: without a reference the loop below checks nothing.
      expect(names.length, path).toBeGreaterThan(0);
      for (const name of names) expect(doc.components.schemas[name], `${path} → ${name}`).toBeDefined();
    }
  });
});

describeOnDatabases('sign-in throttling on $name', (target) => {
  let t: TestApp;
  // A third of the production limits: 3 attempts per login, 15 per IP in the window.
  beforeAll(async () => {
    t = await startTestApp(target, { config: { rateLimitScale: 0.3 } });
    for (const email of ['victim@test.local', 'bystander@test.local'])
      await t.app.inject({
        method: 'POST',
        url: '/api/admin/users',
        headers: { authorization: t.adminToken },
        payload: { email, name: 'Покупатель', password: PASSWORD },
      });
  });
  afterAll(async () => {
    await t.close();
  });
  const attempt = (login: string, password: string, ip: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { login, password }, remoteAddress: ip });
  // The counters are per fixed 15-minute window: a frozen clock, seven minutes into one, so that no test
  // straddles a boundary. Only Date is frozen; the failure delays still wait on real timers.
  const WINDOW_START = Date.parse('2026-11-24T09:00:00Z');
  let window = 0;
  beforeEach(() => {
    window += 1;
    vi.useFakeTimers({ toFake: ['Date'], now: WINDOW_START + window * 15 * 60_000 + 7 * 60_000 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('refuses a login after repeated failures with 429, without touching anyone else', async () => {
    for (let i = 0; i < 3; i++)
      expect((await attempt('Victim@test.local', 'wrong-1', '192.0.2.1')).statusCode).toBe(401);
    const locked = await attempt('victim@test.local', PASSWORD, '192.0.2.1');
    expect(locked.statusCode).toBe(429);
    expect(locked.json<{ error: { message: string } }>().error.message).toMatch(
      /^Слишком много попыток входа\. Повторите через \d+ с\.$/,
    );
    // Keyed by the login, not the address: another IP does not help.
    expect((await attempt('victim@test.local', PASSWORD, '192.0.2.2')).statusCode).toBe(429);
    expect((await attempt('bystander@test.local', PASSWORD, '192.0.2.1')).statusCode).toBe(200);
    // Eight minutes on, the window is over and the owner gets in again.
    vi.setSystemTime(Date.now() + 8 * 60_000);
    expect((await attempt('victim@test.local', PASSWORD, '192.0.2.1')).statusCode).toBe(200);
  });

  it('refuses an address that sweeps over many logins', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 16; i++)
      codes.push((await attempt(`guess${i}@test.local`, 'wrong-1', '192.0.2.9')).statusCode);
    expect(codes.slice(0, 15)).toEqual(Array(15).fill(401));
    expect(codes[15]).toBe(429);
    expect((await attempt('bystander@test.local', PASSWORD, '192.0.2.10')).statusCode).toBe(200);
  });

  it('makes each failure past the first third wait longer, up to 5 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((n) => loginDelayMs(n, 10))).toEqual([
      0, 0, 0, 250, 500, 1000, 2000, 4000, 5000, 5000,
    ]);
  });
});
