// A sign-in: the credential check (throttled per IP and per login, the same answer for an unknown login and
// a wrong password, a blocked account refused) and the session it opens. POST /api/auth/login (routes.ts)
// and the admin's cookie sign-in (admin-session.ts) both go through it.
import { eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../platform/db';
import { users } from '../../../generated/tables';
import { ApiError } from '../../platform/http/errors';
import { phoneEquals } from './input';
import { verifyPassword } from './password';
import { createSession } from '../../platform/auth/sessions';
import { normalisedLogin, type loginThrottle } from './throttle';

export const WRONG_CREDENTIALS = 'Неверный логин или пароль';

export type LoginThrottle = ReturnType<typeof loginThrottle>;

/** The account the login and password name; throws 401 (wrong), 403 (blocked) or 429 (too many attempts). */
export async function checkCredentials(
  db: Db,
  throttle: LoginThrottle,
  request: FastifyRequest,
  login: string,
  password: string,
): Promise<{ id: number; role: string }> {
  await throttle.attempt(request);
  const { byPhone, key } = normalisedLogin(login);
  const [user] = await db
    .select({ id: users.id, role: users.role, passwordHash: users.passwordHash, active: users.active })
    .from(users)
    .where(byPhone ? phoneEquals(key) : eq(sql`lower(${users.email})`, key))
    .limit(1);
  // Verified even without an account (verifyPassword spends the same time on a missing hash), so the
  // answer's timing does not tell which logins exist.
  const ok = await verifyPassword(password, user?.passwordHash);
  if (!user || !ok) {
    await throttle.failed(request);
    throw new ApiError(401, 'wrong_credentials', WRONG_CREDENTIALS);
  }
  if (!user.active)
    throw new ApiError(403, 'blocked', 'Учётная запись заблокирована. Обратитесь в поддержку.');
  return { id: user.id, role: user.role };
}

/** The session of an account that has just proved its password; the account's last sign-in is now. */
export async function startSession(
  db: Db,
  request: FastifyRequest,
  userId: number,
  remember: boolean,
): Promise<{ token: string; expiresAt: Date }> {
  const session = await createSession(db, userId, {
    remember,
    userAgent: request.headers['user-agent'],
    ip: request.ip,
  });
  await db.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, userId));
  return session;
}
