// POST /api/auth/register, POST /api/auth/email/confirm, POST /api/auth/email/resend.
// A registration is one transaction: the customer, the welcome points, the consent record, the newsletter
// choice and the confirmation letter exist together or not at all.
import { and, asc, eq, ne, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import registerSchema from '@shop/schemas/api/accounts/register-request.schema.json' with { type: 'json' };
import type { Db, DbOrTx } from '../../platform/db';
import { bonusTransactions, subscriptions, users, userTypes } from '../../../generated/tables';
import { settingsRow } from '../settings';
import { ApiError, badRequest, conflict } from '../../platform/http/errors';
import { accountKey, bodyEmailKey, limitOf, targetLimit } from '../../platform/http/rate-limit';
import { serve } from '../../platform/http/contract';
import { confirmEmail, register, resendConfirmation } from '@shop/schemas/contracts/accounts';
import { consentContext, recordConsent } from '../privacy';
import { activateSubscription } from '../messages';
import { siteOrigin } from '../settings';
import { requireUser } from '../../platform/auth/guard';
import { phoneDigits, storedPhone } from '@shop/schemas';
import { fieldsError } from '../../platform/http/validation';
import { labelsOf, phoneEquals } from './input';
import { queueEmailConfirmation } from './letters';
import { hashPassword } from './password';
import { createSession } from '../../platform/auth/sessions';
import { spendToken } from './tokens';
import type { AuthRoutesOptions } from './types';

export const EMAIL_TAKEN = 'Этот e-mail уже зарегистрирован. Войдите или восстановите пароль.';
export const PHONE_TAKEN = 'Этот телефон уже зарегистрирован. Войдите или восстановите пароль.';
export const CONFIRM_INVALID =
  'Ссылка подтверждения недействительна или устарела. Запросите новое письмо в личном кабинете.';

const LABELS = labelsOf(registerSchema);
/** The schema's own words for a phone it refuses, for one that passes it but is no real number. */
const NOT_A_PHONE = registerSchema.properties.phone['x-messages'].pattern;

/** 409 naming each field already taken by another account (excluding `exceptId`). */
export async function assertUnique(tx: DbOrTx, email: string, phone: string | null, exceptId?: number) {
  const digits = phone ? phoneDigits(phone) : null;
  const taken = await tx
    .select({ email: users.email, phone: users.phone })
    .from(users)
    .where(
      and(
        exceptId === undefined ? undefined : ne(users.id, exceptId),
        or(eq(sql`lower(${users.email})`, email), digits ? phoneEquals(digits) : undefined),
      ),
    );
  const fields: Record<string, string> = {};
  if (taken.some((u) => u.email.toLowerCase() === email)) fields.email = EMAIL_TAKEN;
  if (digits && taken.some((u) => u.phone && phoneDigits(u.phone) === digits)) fields.phone = PHONE_TAKEN;
  if (Object.keys(fields).length) throw conflict(Object.values(fields).join(' '), fields);
}

/** A unique index refused the row: another request took the e-mail or phone a moment earlier. */
export const isUniqueViolation = (e: unknown) => uniqueViolation(e) !== null;

function uniqueViolation(e: unknown): { constraint: string } | null {
  for (const err of [e, (e as { cause?: unknown } | null)?.cause]) {
    const x = err as { code?: string; constraint?: string } | null | undefined;
    if (x?.code === '23505') return { constraint: x.constraint ?? '' };
  }
  return null;
}

/** The 409 for a unique violation of users: the phone's index or else the e-mail's. */
export function takenConflict(e: unknown) {
  const v = uniqueViolation(e);
  if (!v) return null;
  return v.constraint.includes('phone')
    ? conflict(PHONE_TAKEN, { phone: PHONE_TAKEN })
    : conflict(EMAIL_TAKEN, { email: EMAIL_TAKEN });
}

async function welcomePoints(tx: DbOrTx, userId: number, typeBonusAllowed: boolean) {
  const s = await settingsRow(tx);
  const points = s?.bonusWelcomePoints ?? 0;
  if (!s?.bonusEnabled || !typeBonusAllowed || points <= 0) return;
  await tx.insert(bonusTransactions).values({
    userId,
    amount: points,
    kind: 'manual',
    reason: 'Баллы за регистрацию',
    expiresAt: s.bonusLifetimeDays ? new Date(Date.now() + s.bonusLifetimeDays * 86_400_000) : null,
  });
}

export function registerRoutes(db: Db, opts: AuthRoutesOptions) {
  return async function plugin(app: FastifyInstance) {
    // Per client address, and per e-mail whoever asks: each attempt that gets through is an scrypt hash and
    // possibly a letter to that address.
    const perEmail = targetLimit(app, 'registerEmail', { groupId: 'register-email', keyOf: bodyEmailKey });
    serve(
      app,
      register,
      async (request, reply) => {
        const b = request.body;
        // The pattern lets through what only looks like a number; the stored form needs a real one.
        const phone = storedPhone(b.phone);
        if (!phone) throw fieldsError({ phone: NOT_A_PHONE }, LABELS);
        const email = b.email.toLowerCase();
        const passwordHash = await hashPassword(b.password);
        const site = siteOrigin(opts.siteUrl, request);
        const context = consentContext(request);

        const userId = await db
          .transaction(async (tx) => {
            await assertUnique(tx, email, phone);
            // The type new customers get: the first active one in the admin's order (retail in the demo).
            const [type] = await tx
              .select({ id: userTypes.id, bonusAllowed: userTypes.bonusAllowed })
              .from(userTypes)
              .where(eq(userTypes.active, true))
              .orderBy(asc(userTypes.sortOrder), asc(userTypes.id))
              .limit(1);
            const [user] = await tx
              .insert(users)
              .values({
                email,
                phone,
                name: b.name,
                role: 'customer',
                passwordHash,
                userTypeId: type?.id ?? null,
                active: true,
                subscribeEmail: b.subscribe === true,
              })
              .returning({ id: users.id });
            const id = user!.id;
            await welcomePoints(tx, id, type?.bonusAllowed ?? true);
            await recordConsent(tx, {
              ...context,
              purpose: 'personal_data',
              source: 'registration',
              userId: id,
              email,
              phone,
            });
            if (b.subscribe === true) {
              await recordConsent(tx, {
                ...context,
                purpose: 'newsletter',
                source: 'registration',
                userId: id,
                email,
              });
              // Pending until the address is confirmed by the registration letter's link: one letter, not two.
              await tx
                .insert(subscriptions)
                .values({ email, userId: id, status: 'pending', source: 'registration', ip: context.ip })
                .onConflictDoUpdate({
                  target: subscriptions.email,
                  set: { userId: id, status: 'pending', source: 'registration', updatedAt: new Date() },
                  setWhere: ne(subscriptions.status, 'active'),
                });
            }
            const queued = await queueEmailConfirmation(tx, { userId: id, email, name: b.name }, site);
            if (queued === null)
              request.log.warn('no active auth.registration template: no confirmation letter');
            // What the visitor put in the cart as a guest is theirs now (flows/sign-in.ts).
            await opts.signedIn(tx, request, id);
            return id;
          })
          .catch((e: unknown) => {
            throw takenConflict(e) ?? e;
          });

        reply.status(201);
        if (b.signIn === false) return { data: { token: null } };
        const { token } = await createSession(db, userId, {
          remember: b.remember === true,
          userAgent: request.headers['user-agent'],
          ip: request.ip,
        });
        return { data: { token } };
      },
      { config: { rateLimit: limitOf('register') }, preValidation: perEmail },
    );

    serve(
      app,
      confirmEmail,
      async (request) => {
        const { token } = request.body;
        await db.transaction(async (tx) => {
          const spent = await spendToken(tx, token, 'email_confirm');
          if (!spent) throw badRequest(CONFIRM_INVALID, { token: CONFIRM_INVALID });
          // A link to an address the account no longer has confirms nothing (the throw undoes the spending).
          const [user] = await tx
            .update(users)
            .set({ emailConfirmedAt: sql`coalesce(${users.emailConfirmedAt}, now())` })
            .where(and(eq(users.id, spent.userId), eq(sql`lower(${users.email})`, spent.email ?? '')))
            .returning({ id: users.id, email: users.email });
          if (!user) throw badRequest(CONFIRM_INVALID, { token: CONFIRM_INVALID });
          const [pending] = await tx
            .select({ id: subscriptions.id })
            .from(subscriptions)
            .where(
              and(
                eq(subscriptions.userId, user.id),
                eq(subscriptions.email, user.email),
                eq(subscriptions.status, 'pending'),
                eq(subscriptions.source, 'registration'),
              ),
            );
          if (pending)
            await activateSubscription(tx, {
              email: user.email,
              userId: user.id,
              source: 'registration',
              ip: request.ip,
            });
        });
        return { data: { emailConfirmed: true } };
      },
      { config: { rateLimit: limitOf('links') } },
    );

    serve(
      app,
      resendConfirmation,
      async (request) => {
        const me = request.user!;
        const [user] = await db
          .select({ email: users.email, name: users.name, confirmed: users.emailConfirmedAt })
          .from(users)
          .where(eq(users.id, me.id));
        if (!user) throw new ApiError(404, 'not_found', 'Учётная запись не найдена');
        if (user.confirmed) throw badRequest('Этот e-mail уже подтверждён');
        await db.transaction((tx) =>
          queueEmailConfirmation(
            tx,
            { userId: me.id, email: user.email, name: user.name },
            siteOrigin(opts.siteUrl, request),
          ),
        );
        return { data: { sent: true } };
      },
      {
        preHandler: requireUser,
        config: {
          rateLimit: limitOf('recovery', {
            groupId: 'email-resend',
            hook: 'preHandler',
            keyGenerator: accountKey,
          }),
        },
      },
    );
  };
}
