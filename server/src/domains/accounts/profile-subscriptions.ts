// GET and PUT /api/profile/subscriptions: a signed-in customer's news by e-mail and by SMS
// (/profile/subscriptions). users.subscribeEmail and subscribeSms hold the choices; the e-mail choice also
// has its row in subscriptions, which is what newsletters go to: active at once when the account's e-mail
// is confirmed, otherwise pending until the link of a confirmation letter is followed.
import { eq, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ProfileSubscriptionsState } from '@shop/schemas';
import { requireUser } from '../../platform/auth/guard';
import type { Config } from '../../platform/config';
import type { Db, DbOrTx } from '../../platform/db';
import { subscriptions, users } from '../../../generated/tables';
import { notFound } from '../../platform/http/errors';
import { accountLimit } from '../../platform/http/rate-limit';
import { serve, type ContractRequest } from '../../platform/http/contract';
import { readSubscriptions, updateSubscriptions } from '@shop/schemas/contracts/accounts';
import { consentContext, recordConsent } from '../privacy';
import { activateSubscription, endSubscriptions, normaliseEmail, requestSubscription } from '../messages';
import { siteOrigin } from '../settings';

async function accountOf(db: DbOrTx, userId: number, lock = false) {
  const query = db
    .select({
      id: users.id,
      email: users.email,
      phone: users.phone,
      emailConfirmedAt: users.emailConfirmedAt,
      subscribeEmail: users.subscribeEmail,
      subscribeSms: users.subscribeSms,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  // Two tabs saving at once must not both decide the switch was off and both write a consent.
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound('Учётная запись не найдена');
  return row;
}

/** The account's subscription row: linked to it, or for its e-mail. */
async function subscriptionOf(db: DbOrTx, userId: number, email: string) {
  const [row] = await db
    .select({ status: subscriptions.status })
    .from(subscriptions)
    .where(or(eq(subscriptions.userId, userId), eq(subscriptions.email, email)))
    .orderBy(sql`${subscriptions.email} = ${email} DESC`)
    .limit(1);
  return row ?? null;
}

async function stateOf(db: DbOrTx, userId: number): Promise<ProfileSubscriptionsState> {
  const user = await accountOf(db, userId);
  const sub = await subscriptionOf(db, userId, normaliseEmail(user.email));
  return {
    email: user.subscribeEmail,
    sms: user.subscribeSms,
    emailPending: user.subscribeEmail && sub?.status === 'pending',
  };
}

async function save(
  db: Db,
  request: ContractRequest<'profile.updateSubscriptions'>,
  site: string,
): Promise<ProfileSubscriptionsState> {
  const wanted = request.body;
  const who = consentContext(request);
  const userId = request.user!.id;
  return db.transaction(async (tx) => {
    const user = await accountOf(tx, userId, true);
    const email = normaliseEmail(user.email);
    const sub = await subscriptionOf(tx, userId, email);
    const subscribed = sub?.status === 'active' || sub?.status === 'pending';
    if (wanted.email && !(user.subscribeEmail && subscribed)) {
      const r = { email, userId, source: 'profile' as const, ip: who.ip };
      if (user.emailConfirmedAt) await activateSubscription(tx, r);
      else await requestSubscription(tx, { ...r, site });
    }
    if (!wanted.email) await endSubscriptions(tx, userId, email);
    const emailOn = wanted.email && !user.subscribeEmail;
    const smsOn = wanted.sms && !user.subscribeSms;
    if (emailOn || smsOn) {
      await recordConsent(tx, {
        purpose: 'newsletter',
        source: 'profile',
        ...who,
        email: emailOn ? email : null,
        phone: smsOn ? user.phone : null,
      });
    }
    await tx
      .update(users)
      .set({ subscribeEmail: wanted.email, subscribeSms: wanted.sms, updatedAt: new Date() })
      .where(eq(users.id, userId));
    return stateOf(tx, userId);
  });
}

export function profileSubscriptionRoutes(db: Db, config: Pick<Config, 'siteUrl'>) {
  return async function plugin(app: FastifyInstance) {
    serve(app, readSubscriptions, async (request) => ({ data: await stateOf(db, request.user!.id) }), {
      preValidation: requireUser,
    });
    // Switching e-mail news on for an unconfirmed address sends a letter to it.
    const limit = accountLimit('profile', 'profile-subscriptions');
    serve(
      app,
      updateSubscriptions,
      async (request) => ({ data: await save(db, request, siteOrigin(config.siteUrl, request)) }),
      // A guest is refused before the body is looked at.
      { preValidation: requireUser, config: { rateLimit: limit } },
    );
  };
}
