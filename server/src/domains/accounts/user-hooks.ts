// users: the plain `password` of a form never reaches the table; its scrypt hash does. E-mail is kept
// lower-case so that sign-in and the unique index agree. A new password or a block ends the account's
// sessions here, in the write's own transaction: every way a user is written (the admin's form, a script
// through the CRUD layer) goes through this hook, so none can leave a stolen or old session working.
import { hashPassword } from './password';
import { revokeUserSessions } from '../../platform/auth/sessions';
import type { EntityHooks, SavedValues } from '../../platform/crud/types';

export const beforeSave: EntityHooks<'users'>['beforeSave'] = async (data, { tx, existing, actor }) => {
  const { password, ...input } = data;
  const rest: SavedValues<typeof input> = input;
  if (typeof rest.email === 'string') rest.email = rest.email.trim().toLowerCase();
  const newPassword = typeof password === 'string' && password !== '';
  if (newPassword) rest.passwordHash = await hashPassword(password);
  const blocked = rest.active === false;
  if (existing && (newPassword || blocked)) {
    // Whoever knew the old password (or holds a stolen token) is signed out everywhere. A staff member who
    // sets their own new password keeps the session they did it from, as POST /auth/password/change does.
    const own = !blocked && actor && actor.id === existing.id ? (actor.sessionId ?? undefined) : undefined;
    await revokeUserSessions(tx, existing.id, own);
  }
  return rest;
};
