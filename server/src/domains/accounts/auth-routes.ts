// POST /api/auth/login, GET /api/auth/session, POST /api/auth/logout (ARCHITECTURE §5), and the account
// routes of register.ts and password-routes.ts under the same prefix.
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db';
import { unauthorized } from '../../platform/http/errors';
import { serve } from '../../platform/http/contract';
import { login, logout, session } from '@shop/schemas/contracts/accounts';
import { revokeSession, sessionUser } from '../../platform/auth/sessions';
import { requireUser } from '../../platform/auth/guard';
import { loginRouteLimit, loginThrottle } from './throttle';
import { registerRoutes } from './register';
import { passwordRoutes } from './password-routes';
import { checkCredentials, startSession } from './sign-in';
import type { AuthRoutesOptions } from './types';

export function authRoutes(db: Db, opts: AuthRoutesOptions) {
  return async function plugin(app: FastifyInstance) {
    const throttle = loginThrottle(app);

    serve(
      app,
      login,
      async (request) => {
        const body = request.body;
        // The same check as the admin's cookie sign-in (admin-session.ts), throttling counters included.
        const user = await checkCredentials(db, throttle, request, body.login, body.password);
        const { token } = await startSession(db, request, user.id, body.remember === true);
        // What signing in brings along (a guest's cart joins the account's: flows/sign-in.ts).
        await db.transaction((tx) => opts.signedIn(tx, request, user.id));
        return { data: { token } };
      },
      { config: { rateLimit: loginRouteLimit() } },
    );

    serve(app, session, async (request) => {
      if (!request.user) throw unauthorized('Сессия не найдена или истекла');
      return { data: await sessionUser(db, request.user, request.actingGroup?.id ?? null) };
    });

    // No limit: it only ends the caller's own session, and signing out must always work.
    serve(
      app,
      logout,
      async (request) => {
        await revokeSession(db, request.user!.sessionId);
        return { data: null };
      },
      { preHandler: requireUser, config: { rateLimit: false } },
    );

    await app.register(registerRoutes(db, opts));
    await app.register(passwordRoutes(db, opts));
  };
}
