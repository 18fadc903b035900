// POST /api/auth/password/recovery, /password/reset and /password/change.
// Recovery answers the same words whether or not the address has an account, and in the same time: the
// answer is sent before anything about the address is looked at (the lookup and the letter run after it,
// http/after-response.ts), so neither the answer nor its timing tells who has an account.
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { PasswordChangeRequest, PasswordRecoveryRequest, PasswordResetRequest } from '@shop/schemas';
import type { Db } from '../../platform/db';
import { users } from '../../../generated/tables';
import { badRequest } from '../../platform/http/errors';
import { accountLimit, bodyEmailKey, limitOf, targetLimit } from '../../platform/http/rate-limit';
import { api, envelope, failure } from '../../platform/http/route-schemas';
import { siteOrigin } from '../settings';
import { requireUser } from '../../platform/auth/guard';
import { queuePasswordRecovery } from './letters';
import { hashPassword, verifyPassword } from './password';
import type { AuthRoutesOptions } from './types';
import { revokeUserSessions } from '../../platform/auth/sessions';
import { spendToken } from './tokens';

export const RECOVERY_SENT =
  'Если этот e-mail зарегистрирован, мы отправили на него письмо со ссылкой для смены пароля. Ссылка действует 1 час.';
export const RESET_INVALID =
  'Ссылка для смены пароля недействительна или устарела. Запросите восстановление пароля ещё раз.';
export const WRONG_CURRENT = 'Неверный текущий пароль';

const AUTH = ['Вход'];

/**
 * The recovery letter for the account of `email`, if it has one. Staff too, not only customers: an
 * administrator who forgets the password needs the same way back in, and the risk (someone else reading the
 * mailbox) is the same as a customer's. A blocked account gets no letter.
 */
export async function sendRecoveryLetter(db: Db, email: string, site: string): Promise<void> {
  const [user] = await db
    .select({ id: users.id, email: users.email, name: users.name, active: users.active })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email))
    .limit(1);
  if (!user?.active) return;
  await db.transaction((tx) =>
    queuePasswordRecovery(tx, { userId: user.id, email: user.email, name: user.name }, site),
  );
}

export function passwordRoutes(db: Db, opts: AuthRoutesOptions) {
  return async function plugin(app: FastifyInstance) {
    // Per client address, and per e-mail whoever asks (the same for addresses with and without an account,
    // so the limit tells nothing either).
    const recoveryOptions = {
      config: { rateLimit: limitOf('recovery') },
      preValidation: targetLimit(app, 'recoveryEmail', { groupId: 'recovery-email', keyOf: bodyEmailKey }),
      schema: {
        tags: AUTH,
        summary: 'Восстановление пароля: письмо со ссылкой /change-password?token=… (1 час)',
        description: 'Ответ одинаков, зарегистрирован адрес или нет.',
        body: api('password-recovery-request'),
        response: {
          200: {
            description: 'Принято',
            ...envelope({
              type: 'object',
              additionalProperties: false,
              required: ['message'],
              properties: { message: { type: 'string' } },
            }),
          },
          400: failure('Неверный e-mail'),
          429: failure('Слишком много запросов с этого адреса или писем на этот e-mail'),
        },
      },
    };
    app.post('/password/recovery', recoveryOptions, async (request, reply) => {
      const email = (request.body as PasswordRecoveryRequest).email.toLowerCase();
      const site = siteOrigin(opts.siteUrl, request);
      // The same path for every address, up to the answer: nothing on it depends on the address.
      opts.afterResponse.schedule(reply, () => sendRecoveryLetter(db, email, site));
      return { data: { message: RECOVERY_SENT } };
    });

    // Each try is an scrypt hash before the link is even looked at.
    const resetOptions = {
      config: { rateLimit: limitOf('links') },
      schema: {
        tags: AUTH,
        summary: 'Новый пароль по ссылке из письма; все сессии покупателя завершаются',
        body: api('password-reset-request'),
        response: {
          200: envelope({ type: 'null' }),
          400: failure('Ссылка недействительна или пароль слишком простой'),
          429: failure('Слишком много попыток с этого адреса'),
        },
      },
    };
    app.post('/password/reset', resetOptions, async (request) => {
      const { token, password } = request.body as PasswordResetRequest;
      const passwordHash = await hashPassword(password);
      await db.transaction(async (tx) => {
        const spent = await spendToken(tx, token, 'password_reset');
        if (!spent) throw badRequest(RESET_INVALID, { token: RESET_INVALID });
        await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, spent.userId));
        // Whoever knew the old password (or holds a stolen token) is signed out everywhere.
        await revokeUserSessions(tx, spent.userId);
      });
      return { data: null };
    });

    app.post(
      '/password/change',
      {
        // A guest is refused before the body is looked at.
        preValidation: requireUser,
        config: {
          // Wrong current passwords are guesses too: the same allowance as sign-in, per account (every
          // request counts, a malformed one too).
          rateLimit: accountLimit('login', 'password-change'),
        },
        schema: {
          tags: AUTH,
          summary: 'Смена пароля в кабинете; другие сессии завершаются, текущая остаётся',
          body: api('password-change-request'),
          response: {
            200: envelope({ type: 'null' }),
            400: failure('Неверный текущий пароль (поле currentPassword) или слишком простой новый'),
            401: failure('Требуется вход'),
            429: failure('Слишком много попыток'),
          },
        },
      },
      async (request) => {
        const { currentPassword, password } = request.body as PasswordChangeRequest;
        const me = request.user!;
        const [user] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, me.id));
        if (!(await verifyPassword(currentPassword, user?.hash)))
          throw badRequest(WRONG_CURRENT, { currentPassword: WRONG_CURRENT });
        const passwordHash = await hashPassword(password);
        await db.transaction(async (tx) => {
          await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, me.id));
          await revokeUserSessions(tx, me.id, me.sessionId);
        });
        return { data: null };
      },
    );
  };
}
