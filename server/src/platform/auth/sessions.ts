// Opaque session tokens: 32 random bytes sent to the client, only their SHA-256 stored, with a lifetime.
// The lifetime slides: a token used when less than half of it is left is extended by a whole one, so an
// active customer stays signed in and an idle one is signed out after a day (30 days with remember-me).
import { and, asc, eq, inArray, lt, ne, sql } from 'drizzle-orm';
import { createHash, randomBytes } from 'node:crypto';
import { selectRows, type DbOrTx } from '../db';
import { sessions, settings, userGroups, userTypes, users } from '../../../generated/tables';
import type { SessionUser } from '@shop/schemas';

export const SESSION_TTL_MS = 24 * 60 * 60 * 1000;
export const REMEMBER_TTL_MS = 30 * 24 * 60 * 60 * 1000;
const STAFF = new Set(['admin', 'manager', 'content']);

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const ttlOf = (remember: boolean) => (remember ? REMEMBER_TTL_MS : SESSION_TTL_MS);

export async function createSession(
  db: DbOrTx,
  userId: number,
  opts: { remember: boolean; userAgent?: string; ip?: string },
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const now = new Date();
  const expiresAt = new Date(now.getTime() + ttlOf(opts.remember));
  // Expired sessions of anyone go on each sign-in (by the expires_at index), so the table stays small
  // without a timer.
  await db.delete(sessions).where(lt(sessions.expiresAt, now));
  await db.insert(sessions).values({
    userId,
    tokenHash: hashToken(token),
    expiresAt,
    lastUsedAt: now,
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
  expiresAt: Date;
  remember: boolean;
}

export interface TokenOwner {
  user: AuthUser;
  /** The claimed group, when it is one of the user's, representative and active; else null. */
  actingGroup: { id: number; title: string } | null;
}

/**
 * The user a token belongs to, or null when the token is unknown, expired or the user is blocked.
 * An expired session is deleted on the spot; one past half its lifetime is extended. A claimed
 * X-User-Group (`groupId`) is checked in the same query, as the guard does this on every request.
 */
export async function userByToken(
  db: DbOrTx,
  token: string,
  groupId: number | null = null,
): Promise<TokenOwner | null> {
  if (!token || token.length > 200) return null;
  const [row] = await db
    .select({
      sessionId: sessions.id,
      expiresAt: sessions.expiresAt,
      remember: sessions.remember,
      id: users.id,
      email: users.email,
      name: users.name,
      role: users.role,
      groupIds: users.groupIds,
      active: users.active,
      actingGroupTitle:
        groupId === null
          ? sql<string | null>`NULL`
          : sql<string | null>`(SELECT g.title FROM user_groups g WHERE g.id = ${groupId}
              AND g.id = ANY(${users.groupIds}) AND g.is_representative AND g.active)`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, hashToken(token)));
  if (!row) return null;
  const now = Date.now();
  if (row.expiresAt.getTime() <= now) {
    await db.delete(sessions).where(eq(sessions.id, row.sessionId));
    return null;
  }
  if (!row.active) return null;
  const ttl = ttlOf(row.remember);
  let expiresAt = row.expiresAt;
  if (expiresAt.getTime() - now < ttl / 2) {
    expiresAt = new Date(now + ttl);
    await db
      .update(sessions)
      .set({ expiresAt, lastUsedAt: new Date(now) })
      .where(eq(sessions.id, row.sessionId));
  }
  return {
    user: {
      id: row.id,
      email: row.email,
      name: row.name,
      role: row.role as AuthUser['role'],
      groupIds: row.groupIds ?? [],
      sessionId: row.sessionId,
      expiresAt,
      remember: row.remember,
    },
    actingGroup:
      groupId !== null && row.actingGroupTitle !== null ? { id: groupId, title: row.actingGroupTitle } : null,
  };
}

export async function revokeSession(db: DbOrTx, sessionId: number) {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Ends every session of the user, or every one but `except` (the one changing the password). */
export async function revokeUserSessions(db: DbOrTx, userId: number, except?: number) {
  await db
    .delete(sessions)
    .where(
      except === undefined
        ? eq(sessions.userId, userId)
        : and(eq(sessions.userId, userId), ne(sessions.id, except)),
    );
}

/** The shop's bonus programme is switched on in the settings (on when there are none). */
export async function bonusProgrammeOn(db: DbOrTx): Promise<boolean> {
  const [s] = await db
    .select({ enabled: settings.bonusEnabled })
    .from(settings)
    .orderBy(asc(settings.id))
    .limit(1);
  return s?.enabled ?? true;
}

/** The programme is on, and the user's type (if any) takes part in it. */
export const bonusAllowed = (programmeOn: boolean, userTypeBonusAllowed: boolean | null | undefined) =>
  programmeOn && userTypeBonusAllowed !== false;

export async function bonusBalance(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await selectRows<{ balance: number | string | null }>(
    db,
    sql`SELECT coalesce(sum(amount), 0) AS balance FROM bonus_transactions WHERE user_id = ${userId}`,
  );
  return Number(row?.balance ?? 0);
}

export async function sessionUser(
  db: DbOrTx,
  user: AuthUser,
  actingGroupId: number | null = null,
): Promise<SessionUser> {
  const [groups, [own], balance, programmeOn] = await Promise.all([
    user.groupIds.length
      ? db
          .select({
            id: userGroups.id,
            title: userGroups.title,
            isRepresentative: userGroups.isRepresentative,
          })
          .from(userGroups)
          .where(inArray(userGroups.id, user.groupIds))
      : Promise.resolve([]),
    db
      .select({
        phone: users.phone,
        emailConfirmedAt: users.emailConfirmedAt,
        typeId: userTypes.id,
        typeCode: userTypes.code,
        typeTitle: userTypes.title,
        typeDiscount: userTypes.discountPercent,
        typeBonusAllowed: userTypes.bonusAllowed,
        typeActive: userTypes.active,
      })
      .from(users)
      .leftJoin(userTypes, eq(userTypes.id, users.userTypeId))
      .where(eq(users.id, user.id)),
    bonusBalance(db, user.id),
    bonusProgrammeOn(db),
  ]);
  // A switched-off type no longer sets prices: the user is priced as one without a type.
  const type = own?.typeId && own.typeActive ? own : null;
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    role: user.role,
    isAdmin: STAFF.has(user.role),
    groups,
    phone: own?.phone ?? null,
    emailConfirmed: Boolean(own?.emailConfirmedAt),
    isBonusAllowed: bonusAllowed(programmeOn, type?.typeBonusAllowed),
    bonusBalance: balance,
    userType: type
      ? {
          id: type.typeId!,
          code: type.typeCode!,
          title: type.typeTitle!,
          discountPercent: type.typeDiscount!,
        }
      : null,
    actingGroupId,
    session: { expiresAt: user.expiresAt.toISOString(), remember: user.remember },
  };
}
