// The first start creates an administrator: ADMIN_EMAIL / ADMIN_PASSWORD, or a generated password
// printed once to the console.
import { eq } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../platform/db';
import { users } from '../../../generated/tables';
import { hashPassword } from './password';

export async function ensureAdmin(
  db: Db,
  opts: { email: string; password: string | null },
  log: FastifyBaseLogger,
) {
  const existing = await db.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).limit(1);
  if (existing.length) return;
  const password = opts.password ?? randomBytes(12).toString('base64url');
  await db.insert(users).values({
    email: opts.email.toLowerCase(),
    name: 'Администратор',
    role: 'admin',
    passwordHash: await hashPassword(password),
    active: true,
  });
  if (opts.password)
    log.info({ email: opts.email }, 'administrator created from ADMIN_EMAIL / ADMIN_PASSWORD');
  else {
    // Printed once, to the console only, so that it does not end up in structured log storage.
    process.stdout.write(
      `\n  Администратор создан: ${opts.email} / ${password}\n  (пароль показан один раз; задайте ADMIN_PASSWORD, чтобы выбрать свой)\n\n`,
    );
  }
}
