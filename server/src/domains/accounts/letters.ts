// The account letters: e-mail confirmation and password recovery, each with a fresh single-use link,
// queued through the outbox in the caller's transaction.
import type { DbOrTx } from '../../platform/db';
import { enqueueTemplatedEmail } from '../messages';
import { issueToken } from './tokens';

export interface Recipient {
  userId: number;
  email: string;
  name: string;
}

/** auth.registration with /mail-confirm?token=… (24 hours); an earlier unused link stops working. */
export async function queueEmailConfirmation(tx: DbOrTx, to: Recipient, siteUrl: string) {
  const token = await issueToken(tx, { userId: to.userId, purpose: 'email_confirm', email: to.email });
  return enqueueTemplatedEmail(tx, {
    code: 'auth.registration',
    to: to.email,
    userId: to.userId,
    site: siteUrl,
    values: {
      customerName: to.name,
      confirmUrl: `${siteUrl}/mail-confirm?token=${token}`,
    },
  });
}

/** auth.password_recovery with /change-password?token=… (1 hour). */
export async function queuePasswordRecovery(tx: DbOrTx, to: Recipient, siteUrl: string) {
  const token = await issueToken(tx, { userId: to.userId, purpose: 'password_reset', email: to.email });
  return enqueueTemplatedEmail(tx, {
    code: 'auth.password_recovery',
    to: to.email,
    userId: to.userId,
    site: siteUrl,
    values: {
      customerName: to.name,
      resetUrl: `${siteUrl}/change-password?token=${token}`,
    },
  });
}
