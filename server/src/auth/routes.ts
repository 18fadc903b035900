// POST /api/auth/login, GET /api/auth/session, POST /api/auth/logout (ARCHITECTURE §5).
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import loginSchema from '../../../schemas/api/login.schema.json' with { type: 'json' };
import type { LoginRequest } from '@shop/schemas';
import type { Db } from '../db';
import { users } from '../../generated/tables';
import { ApiError, unauthorized } from '../http/errors';
import { assertValid } from '../http/validation';
import { verifyPassword } from './password';
import { createSession, revokeSession, sessionUser } from './sessions';
import { requireUser } from './guard';

export const WRONG_CREDENTIALS = 'Неверный логин или пароль';
const LOGIN_LABELS = { login: 'Логин', password: 'Пароль', remember: 'Запомнить меня' };

/** Digits of a Russian phone number as stored: 8XXXXXXXXXX and +7XXXXXXXXXX are the same number. */
export function phoneDigits(s: string): string {
  const d = s.replace(/\D/g, '');
  return d.length === 11 && d.startsWith('8') ? `7${d.slice(1)}` : d;
}

export function authRoutes(db: Db) {
  return async function plugin(app: FastifyInstance) {
    app.post('/login', async (request) => {
      assertValid(loginSchema, request.body, LOGIN_LABELS);
      const { login, password, remember } = request.body as LoginRequest;
      const text = login.trim();
      const digits = phoneDigits(text);
      const byPhone = digits.length >= 10 && !text.includes('@');
      const [user] = await db
        .select({ id: users.id, passwordHash: users.passwordHash, active: users.active })
        .from(users)
        .where(
          byPhone
            ? eq(
                sql`regexp_replace(regexp_replace(coalesce(${users.phone}, ''), '\\D', '', 'g'), '^8(\\d{10})$', '7\\1')`,
                digits,
              )
            : eq(sql`lower(${users.email})`, text.toLowerCase()),
        )
        .limit(1);
      const ok = await verifyPassword(password, user?.passwordHash);
      if (!user || !ok) throw new ApiError(401, 'wrong_credentials', WRONG_CREDENTIALS);
      if (!user.active)
        throw new ApiError(403, 'blocked', 'Учётная запись заблокирована. Обратитесь в поддержку.');
      const { token } = await createSession(db, user.id, {
        remember: remember === true,
        userAgent: request.headers['user-agent'],
        ip: request.ip,
      });
      await db.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, user.id));
      return { data: { token } };
    });

    app.get('/session', async (request) => {
      if (!request.user) throw unauthorized('Сессия не найдена или истекла');
      return { data: await sessionUser(db, request.user) };
    });

    app.post('/logout', { preHandler: requireUser }, async (request) => {
      await revokeSession(db, request.user!.sessionId);
      return { data: null };
    });
  };
}
