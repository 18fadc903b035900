// users: the plain `password` of a form never reaches the table; its scrypt hash does. E-mail is kept
// lower-case so that sign-in and the unique index agree.
import { hashPassword } from '../auth/password';
import type { ResourceHooks } from '../crud/resource';

export const beforeSave: NonNullable<ResourceHooks['beforeSave']> = async (data) => {
  const { password, ...rest } = data;
  if (typeof rest.email === 'string') rest.email = rest.email.trim().toLowerCase();
  if (typeof password === 'string' && password) rest.passwordHash = await hashPassword(password);
  return rest;
};
