// POST /api/auth/login, GET /api/auth/session, POST /api/auth/logout (ARCHITECTURE §5), and the account
// routes of register.ts and password-routes.ts under the same prefix.
import type { FastifyInstance } from 'fastify';
import type { LoginRequest } from '@shop/schemas';
import type { Db } from '../../platform/db';
import { unauthorized } from '../../platform/http/errors';
import { api, envelope, failure } from '../../platform/http/route-schemas';
import { revokeSession, sessionUser } from '../../platform/auth/sessions';
import { requireUser } from '../../platform/auth/guard';
import { loginRouteLimit, loginThrottle } from './throttle';
import { registerRoutes } from './register';
import { passwordRoutes } from './password-routes';
import { checkCredentials, startSession } from './sign-in';
import type { AuthRoutesOptions } from './types';

const AUTH = ['Вход'];

export function authRoutes(db: Db, opts: AuthRoutesOptions) {
  return async function plugin(app: FastifyInstance) {
    const throttle = loginThrottle(app);

    const loginSchema = {
      tags: AUTH,
      summary: 'Вход по e-mail или телефону',
      body: api('login'),
      response: {
        200: {
          description: 'Токен для заголовка Authorization (без префикса)',
          ...envelope(api('login-result')),
        },
        400: failure('Ошибки в полях'),
        401: failure('Неверный логин или пароль'),
        403: failure('Учётная запись заблокирована'),
        429: failure('Слишком много попыток для этого логина или с этого адреса'),
      },
    };
    app.post('/login', { config: { rateLimit: loginRouteLimit() }, schema: loginSchema }, async (request) => {
      const { login, password, remember } = request.body as LoginRequest;
      // The same check as the admin's cookie sign-in (admin-session.ts), throttling counters included.
      const user = await checkCredentials(db, throttle, request, login, password);
      const { token } = await startSession(db, request, user.id, remember === true);
      // What signing in brings along (a guest's cart joins the account's: flows/sign-in.ts).
      await db.transaction((tx) => opts.signedIn(tx, request, user.id));
      return { data: { token } };
    });

    const sessionSchema = {
      tags: AUTH,
      summary: 'Текущий пользователь',
      response: { 200: envelope(api('session-user')), 401: failure('Нет сессии или она истекла') },
    };
    app.get('/session', { schema: sessionSchema }, async (request) => {
      if (!request.user) throw unauthorized('Сессия не найдена или истекла');
      return { data: await sessionUser(db, request.user, request.actingGroup?.id ?? null) };
    });

    // No limit: it only ends the caller's own session, and signing out must always work.
    const logout = {
      preHandler: requireUser,
      config: { rateLimit: false as const },
      schema: {
        tags: AUTH,
        summary: 'Выход: токен отзывается',
        response: { 200: envelope({ type: 'null' }), 401: failure('Нет сессии') },
      },
    };
    app.post('/logout', logout, async (request) => {
      await revokeSession(db, request.user!.sessionId);
      return { data: null };
    });

    await app.register(registerRoutes(db, opts));
    await app.register(passwordRoutes(db, opts));
  };
}
