// Opaque session tokens: 32 random bytes sent to the client, only their SHA-256 stored, with a lifetime.
import { and, eq, gt, inArray } from 'drizzle-orm';
import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db';
import { sessions, userGroups, users } from '../../generated/tables';
import type { SessionUser } from '@shop/schemas';

export const SESSION_TTL_MS = 24 * 60 * 60 * 1000;
export const REMEMBER_TTL_MS = 30 * 24 * 60 * 60 * 1000;
const STAFF = new Set(['admin', 'manager', 'content']);

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export async function createSession(
  db: Db,
  userId: number,
  opts: { remember: boolean; userAgent?: string; ip?: string },
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + (opts.remember ? REMEMBER_TTL_MS : SESSION_TTL_MS));
  await db.insert(sessions).values({
    userId,
    tokenHash: hashToken(token),
    expiresAt,
    remember: opts.remember,
    userAgent: opts.userAgent?.slice(0, 500) ?? null,
    ip: opts.ip ?? null,
  });
  return { token, expiresAt };
}

export interface AuthUser {
  id: number;
  email: string;
  name: string;
  role: SessionUser['role'];
  groupIds: number[];
  sessionId: number;
}

/** The user a token belongs to, or null when the token is unknown, expired or the user is blocked. */
export async function userByToken(db: Db, token: string): Promise<AuthUser | null> {
  if (!token || token.length > 200) return null;
  const rows = await db
    .select({
      sessionId: sessions.id,
      id: users.id,
      email: users.email,
      name: users.name,
      role: users.role,
      groupIds: users.groupIds,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, hashToken(token)),
        gt(sessions.expiresAt, new Date()),
        eq(users.active, true),
      ),
    );
  const row = rows[0];
  return row ? { ...row, role: row.role as AuthUser['role'], groupIds: row.groupIds ?? [] } : null;
}

export async function revokeSession(db: Db, sessionId: number) {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

export async function sessionUser(db: Db, user: AuthUser): Promise<SessionUser> {
  const groups = user.groupIds.length
    ? await db
        .select({ id: userGroups.id, title: userGroups.title, isRepresentative: userGroups.isRepresentative })
        .from(userGroups)
        .where(inArray(userGroups.id, user.groupIds))
    : [];
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    role: user.role,
    isAdmin: STAFF.has(user.role),
    groups,
  };
}
