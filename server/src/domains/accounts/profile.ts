// GET/PUT /api/profile (/profile/user) and the other account pages' endpoints (profile-company.ts,
// profile-orders.ts). Every route here is for a signed-in user and only ever reads or writes their own rows.
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Profile } from '@shop/schemas';
import updateSchema from '@shop/schemas/api/accounts/profile-update-request.schema.json' with { type: 'json' };
import { requireUser } from '../../platform/auth/guard';
import { storedPhone } from '@shop/schemas';
import { fieldsError } from '../../platform/http/validation';
import { labelsOf } from './input';
import { queueEmailConfirmation } from './letters';
import { assertUnique, takenConflict } from './register';
import type { Db, DbOrTx } from '../../platform/db';
import { users } from '../../../generated/tables';
import { notFound } from '../../platform/http/errors';
import { accountLimit } from '../../platform/http/rate-limit';
import { serve } from '../../platform/http/contract';
import { readProfile, updateProfile } from '@shop/schemas/contracts/accounts';
import { profileCompanyRoutes } from './profile-company';
import { siteOrigin } from '../settings';

const LABELS = labelsOf(updateSchema);
/** The schema's own words for a phone it refuses, for one that passes it but is no real number. */
const NOT_A_PHONE = updateSchema.properties.phone['x-messages'].pattern;

async function profileOf(db: DbOrTx, userId: number): Promise<Profile> {
  const [u] = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      phone: users.phone,
      birthday: users.birthDate,
      confirmedAt: users.emailConfirmedAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!u) throw notFound('Учётная запись не найдена');
  const { confirmedAt, ...rest } = u;
  return { ...rest, emailConfirmed: confirmedAt !== null };
}

/** Moscow's today as YYYY-MM-DD: a birthday is a calendar date there. */
const moscowToday = () => new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Moscow' });

function birthdayProblem(birthday: string | null | undefined): string | null {
  if (!birthday) return null;
  if (birthday < '1900-01-01') return 'Год рождения должен быть не раньше 1900';
  if (birthday > moscowToday()) return 'Дата рождения не может быть в будущем';
  return null;
}

export function profileRoutes(db: Db, opts: { siteUrl: string | null }) {
  return async function plugin(app: FastifyInstance) {
    // Before validation: a guest learns nothing about what a body or query should look like.
    app.addHook('preValidation', requireUser);

    serve(app, readProfile, async (request) => ({ data: await profileOf(db, request.user!.id) }));

    // A new e-mail is a letter to that address: a customer's own writes are limited per account.
    const profileLimit = accountLimit('profile', 'profile');
    serve(
      app,
      updateProfile,
      async (request) => {
        const p = request.body;
        // The pattern lets through what only looks like a number; the stored form needs a real one.
        const phone = storedPhone(p.phone);
        if (!phone) throw fieldsError({ phone: NOT_A_PHONE }, LABELS);
        const birthday = birthdayProblem(p.birthday);
        if (birthday) throw fieldsError({ birthday }, LABELS);
        const email = p.email.toLowerCase();
        const me = request.user!;
        const data = await db
          .transaction(async (tx) => {
            await assertUnique(tx, email, phone, me.id);
            const [before] = await tx
              .select({ email: users.email })
              .from(users)
              .where(eq(users.id, me.id))
              .for('update');
            const emailChanged = before!.email.toLowerCase() !== email;
            await tx
              .update(users)
              .set({
                name: p.name,
                email,
                phone,
                ...(p.birthday !== undefined ? { birthDate: p.birthday } : {}),
                // A new address is unconfirmed until the link sent to it is followed.
                ...(emailChanged ? { emailConfirmedAt: null } : {}),
                updatedAt: new Date(),
              })
              .where(eq(users.id, me.id));
            if (emailChanged)
              await queueEmailConfirmation(
                tx,
                { userId: me.id, email, name: p.name },
                siteOrigin(opts.siteUrl, request),
              );
            return profileOf(tx, me.id);
          })
          .catch((e: unknown) => {
            throw takenConflict(e) ?? e;
          });
        return { data };
      },
      { config: { rateLimit: profileLimit } },
    );

    await app.register(profileCompanyRoutes(db));
  };
}
