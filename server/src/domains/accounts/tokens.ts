// Single-use links sent by e-mail: 32 random bytes in the link, only their SHA-256 in user_tokens, with a
// purpose and a lifetime. Spending one is a conditional update, so two clicks of the same link cannot
// both succeed.
import { and, eq, gt, isNull, lt, or } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import type { DbOrTx } from '../../platform/db';
import { users, userTokens } from '../../../generated/tables';
import { hashToken } from '../../platform/auth/sessions';

export type TokenPurpose = 'email_confirm' | 'password_reset';

export const TOKEN_TTL_MS: Record<TokenPurpose, number> = {
  email_confirm: 24 * 60 * 60 * 1000,
  password_reset: 60 * 60 * 1000,
};

/**
 * A new link's token; earlier unused links of the same purpose stop working. Call it inside a transaction:
 * the account's row is locked first, so that two links issued at the same moment (recovery asked twice, its
 * letters written after the answers) follow one another instead of both deleting the old link and the second
 * insert breaking the one-unused-link-per-purpose key.
 */
export async function issueToken(
  tx: DbOrTx,
  opts: { userId: number; purpose: TokenPurpose; email: string },
): Promise<string> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, opts.userId)).for('update');
  const token = randomBytes(32).toString('base64url');
  const now = new Date();
  // Housekeeping rides on issuing: links that can no longer be used are of no interest to anyone.
  await tx
    .delete(userTokens)
    .where(
      or(
        lt(userTokens.expiresAt, now),
        and(eq(userTokens.userId, opts.userId), eq(userTokens.purpose, opts.purpose)),
      ),
    );
  await tx.insert(userTokens).values({
    userId: opts.userId,
    purpose: opts.purpose,
    email: opts.email,
    tokenHash: hashToken(token),
    expiresAt: new Date(now.getTime() + TOKEN_TTL_MS[opts.purpose]),
  });
  return token;
}

/** Marks the link used and answers whose it was; null for an unknown, used or expired one. */
export async function spendToken(
  tx: DbOrTx,
  token: string,
  purpose: TokenPurpose,
): Promise<{ userId: number; email: string | null } | null> {
  const [row] = await tx
    .update(userTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(userTokens.tokenHash, hashToken(token)),
        eq(userTokens.purpose, purpose),
        isNull(userTokens.usedAt),
        gt(userTokens.expiresAt, new Date()),
      ),
    )
    .returning({ userId: userTokens.userId, email: userTokens.email });
  return row ?? null;
}
