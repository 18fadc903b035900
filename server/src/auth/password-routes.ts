// POST /api/auth/password/recovery, /password/reset and /password/change.
// Recovery answers the same words whether or not the address has an account, and does comparable work
// either way (a token is made and hashed), so neither the answer nor its timing tells who has an account.
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { randomBytes } from 'node:crypto';
import type { PasswordChangeRequest, PasswordRecoveryRequest, PasswordResetRequest } from '@shop/schemas';
import recoverySchema from '../../../schemas/api/password-recovery-request.schema.json' with { type: 'json' };
import resetSchema from '../../../schemas/api/password-reset-request.schema.json' with { type: 'json' };
import changeSchema from '../../../schemas/api/password-change-request.schema.json' with { type: 'json' };
import type { Db } from '../db';
import { users } from '../../generated/tables';
import { badRequest } from '../http/errors';
import { bodyEmailKey, limitOf, targetLimit } from '../http/rate-limit';
import { assertValid } from '../http/validation';
import { siteOrigin } from '../public/shop-values';
import { requireUser } from './guard';
import { assertValidWith, labelsOf, PASSWORD_MESSAGE } from './input';
import { queuePasswordRecovery } from './letters';
import { hashPassword, verifyPassword } from './password';
import type { AuthRoutesOptions } from './routes';
import { hashToken, revokeUserSessions } from './sessions';
import { spendToken } from './tokens';

export const RECOVERY_SENT =
  'Если этот e-mail зарегистрирован, мы отправили на него письмо со ссылкой для смены пароля. Ссылка действует 1 час.';
export const RESET_INVALID =
  'Ссылка для смены пароля недействительна или устарела. Запросите восстановление пароля ещё раз.';
export const WRONG_CURRENT = 'Неверный текущий пароль';

const NEW_PASSWORD = { password: { pattern: PASSWORD_MESSAGE, minLength: PASSWORD_MESSAGE } };

export function passwordRoutes(db: Db, opts: AuthRoutesOptions) {
  return async function plugin(app: FastifyInstance) {
    // Per client address, and per e-mail whoever asks (the same for addresses with and without an account,
    // so the limit tells nothing either).
    const recoveryOptions = {
      config: { rateLimit: limitOf('recovery') },
      preHandler: targetLimit(app, 'recoveryEmail', { groupId: 'recovery-email', keyOf: bodyEmailKey }),
    };
    app.post('/password/recovery', recoveryOptions, async (request) => {
      assertValid(recoverySchema, request.body, labelsOf(recoverySchema));
      const email = (request.body as PasswordRecoveryRequest).email.trim().toLowerCase();
      const [user] = await db
        .select({ id: users.id, email: users.email, name: users.name, active: users.active })
        .from(users)
        .where(eq(sql`lower(${users.email})`, email))
        .limit(1);
      // Staff too, not only customers: an administrator who forgets the password needs the same way back
      // in, and the risk (someone else reading the mailbox) is the same as a customer's. Blocked: no letter.
      if (user?.active) {
        await db.transaction((tx) =>
          queuePasswordRecovery(
            tx,
            { userId: user.id, email: user.email, name: user.name },
            siteOrigin(opts.siteUrl, request),
          ),
        );
      } else {
        // The token work the other branch does, thrown away.
        hashToken(randomBytes(32).toString('base64url'));
      }
      return { data: { message: RECOVERY_SENT } };
    });

    // Each try is an scrypt hash before the link is even looked at.
    app.post('/password/reset', { config: { rateLimit: limitOf('links') } }, async (request) => {
      assertValidWith(resetSchema, request.body, labelsOf(resetSchema), NEW_PASSWORD);
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
        preHandler: requireUser,
        config: {
          // Wrong current passwords are guesses too: the same allowance as sign-in, per account.
          rateLimit: limitOf('login', {
            groupId: 'password-change',
            hook: 'preHandler',
            keyGenerator: (request) => `user:${request.user?.id ?? request.ip}`,
          }),
        },
      },
      async (request) => {
        assertValidWith(changeSchema, request.body, labelsOf(changeSchema), NEW_PASSWORD);
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
