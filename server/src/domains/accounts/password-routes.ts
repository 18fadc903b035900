// POST /api/auth/password/recovery, /password/reset and /password/change.
// Recovery answers the same words whether or not the address has an account, and in the same time: the
// answer is sent before anything about the address is looked at (the lookup and the letter run after it,
// http/after-response.ts), so neither the answer nor its timing tells who has an account.
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db';
import { users } from '../../../generated/tables';
import { badRequest } from '../../platform/http/errors';
import { accountLimit, bodyEmailKey, limitOf, targetLimit } from '../../platform/http/rate-limit';
import { serve } from '../../platform/http/contract';
import { changePassword, recoverPassword, resetPassword } from '@shop/schemas/contracts/accounts';
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
    serve(
      app,
      recoverPassword,
      async (request, reply) => {
        const email = request.body.email.toLowerCase();
        const site = siteOrigin(opts.siteUrl, request);
        // The same path for every address, up to the answer: nothing on it depends on the address.
        opts.afterResponse.schedule(reply, () => sendRecoveryLetter(db, email, site));
        return { data: { message: RECOVERY_SENT } };
      },
      {
        config: { rateLimit: limitOf('recovery') },
        preValidation: targetLimit(app, 'recoveryEmail', { groupId: 'recovery-email', keyOf: bodyEmailKey }),
      },
    );

    // Each try is an scrypt hash before the link is even looked at.
    serve(
      app,
      resetPassword,
      async (request) => {
        const { token, password } = request.body;
        const passwordHash = await hashPassword(password);
        await db.transaction(async (tx) => {
          const spent = await spendToken(tx, token, 'password_reset');
          if (!spent) throw badRequest(RESET_INVALID, { token: RESET_INVALID });
          await tx
            .update(users)
            .set({ passwordHash, updatedAt: new Date() })
            .where(eq(users.id, spent.userId));
          // Whoever knew the old password (or holds a stolen token) is signed out everywhere.
          await revokeUserSessions(tx, spent.userId);
        });
        return { data: null };
      },
      { config: { rateLimit: limitOf('links') } },
    );

    serve(
      app,
      changePassword,
      async (request) => {
        const { currentPassword, password } = request.body;
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
      {
        // A guest is refused before the body is looked at.
        preValidation: requireUser,
        // Wrong current passwords are guesses too: the same allowance as sign-in, per account (every
        // request counts, a malformed one too).
        config: { rateLimit: accountLimit('login', 'password-change') },
      },
    );
  };
}
