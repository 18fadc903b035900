// POST /api/auth/login, GET /api/auth/session, POST /api/auth/logout (ARCHITECTURE §5), and the account
// routes of register.ts and password-routes.ts under the same prefix.
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
import { loginRouteLimit, loginThrottle, normalisedLogin } from './throttle';
import { registerRoutes } from './register';
import { passwordRoutes } from './password-routes';
import { phoneEquals } from './input';

export const WRONG_CREDENTIALS = 'Неверный логин или пароль';
const LOGIN_LABELS = { login: 'Логин', password: 'Пароль', remember: 'Запомнить меня' };

export interface AuthRoutesOptions {
  /** SITE_URL for links in letters; without it, the address of the request. */
  siteUrl: string | null;
}

export function authRoutes(db: Db, opts: AuthRoutesOptions = { siteUrl: null }) {
  return async function plugin(app: FastifyInstance) {
    const throttle = loginThrottle(app);

    app.post('/login', { config: { rateLimit: loginRouteLimit() } }, async (request) => {
      assertValid(loginSchema, request.body, LOGIN_LABELS);
      const { login, password, remember } = request.body as LoginRequest;
      await throttle.attempt(request);
      const { byPhone, key } = normalisedLogin(login);
      const [user] = await db
        .select({ id: users.id, passwordHash: users.passwordHash, active: users.active })
        .from(users)
        .where(byPhone ? phoneEquals(key) : eq(sql`lower(${users.email})`, key))
        .limit(1);
      const ok = await verifyPassword(password, user?.passwordHash);
      if (!user || !ok) {
        await throttle.failed(request);
        throw new ApiError(401, 'wrong_credentials', WRONG_CREDENTIALS);
      }
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
      return { data: await sessionUser(db, request.user, request.actingGroup?.id ?? null) };
    });

    // No limit: it only ends the caller's own session, and signing out must always work.
    app.post('/logout', { preHandler: requireUser, config: { rateLimit: false } }, async (request) => {
      await revokeSession(db, request.user!.sessionId);
      return { data: null };
    });

    await app.register(registerRoutes(db, opts));
    await app.register(passwordRoutes(db, opts));
  };
}
