// The newsletter with double opt-in: the footer's box (and the profile, and registration through the same
// functions) asks for a subscription, a letter with a link confirms it, a link in every newsletter (and the
// mail client's one-click button, RFC 8058) ends it. A subscription row is keyed by the lower-cased e-mail.
//
// The subscribe answer is the same whatever the address's state, and an active subscriber gets no letter:
// the form must not tell anyone who is subscribed, nor let them send letters to a subscriber at will.
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { randomBytes } from 'node:crypto';
import type { NewsletterState } from '@shop/schemas';
import {
  confirmNewsletter,
  subscribeNewsletter,
  unsubscribeNewsletter,
} from '@shop/schemas/contracts/messages';
import { fieldsError } from '../../platform/http/validation';
import { hashToken } from '../../platform/auth/sessions';
import type { Config } from '../../platform/config';
import type { Db, DbOrTx, Tx } from '../../platform/db';
import { subscriptions, users } from '../../../generated/tables';
import { ApiError } from '../../platform/http/errors';
import { bodyEmailKey, limitOf, targetLimit } from '../../platform/http/rate-limit';
import { serve } from '../../platform/http/contract';
import type { NewsletterUnsubscribeQuery } from '@shop/schemas/generated/endpoints';
import { enqueueTemplatedEmail } from './outbox';
import { consentContext, recordConsent } from '../privacy';
import { siteOrigin } from '../settings';

/** How long a confirmation link works. */
export const CONFIRM_TTL_MS = 3 * 24 * 60 * 60_000;

export const CONFIRM_INVALID =
  'Ссылка подтверждения недействительна или устарела. Подпишитесь ещё раз — мы пришлём новое письмо.';
export const UNSUBSCRIBE_INVALID = 'Ссылка для отписки недействительна. Проверьте адрес из письма.';

const newToken = () => randomBytes(32).toString('base64url');

/** The storefront page the confirmation letter links to (it calls POST /api/newsletter/confirm). */
export const confirmUrl = (site: string, token: string) =>
  `${site}/newsletter/confirm?token=${encodeURIComponent(token)}`;

/**
 * A subscriber's unsubscribe links for a newsletter: `page` for the letter's text ({{unsubscribeUrl}}),
 * `oneClick` for the List-Unsubscribe header, with `List-Unsubscribe-Post: List-Unsubscribe=One-Click`.
 */
export function unsubscribeUrls(site: string, unsubscribeToken: string) {
  const token = encodeURIComponent(unsubscribeToken);
  return {
    page: `${site}/newsletter/unsubscribe?token=${token}`,
    oneClick: `${site}/api/newsletter/unsubscribe?token=${token}`,
  };
}

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

export interface SubscriptionRequest {
  /** Lower-cased already. */
  email: string;
  userId: number | null;
  source: 'footer' | 'profile' | 'registration' | 'admin';
  ip: string | null;
  /** The site's origin for the confirmation link. */
  site: string;
}

async function linkUser(tx: DbOrTx, email: string, userId: number | null) {
  if (userId === null) return;
  await tx
    .update(subscriptions)
    .set({ userId, updatedAt: new Date() })
    .where(and(eq(subscriptions.email, email), isNull(subscriptions.userId)));
}

/**
 * Double opt-in: creates the address's subscription, or renews a pending or ended one, as pending with a
 * fresh link, and queues the `newsletter.confirm` letter. An active subscription is left as it is, with no
 * letter. Answers the state the address is in afterwards.
 */
export async function requestSubscription(tx: Tx, r: SubscriptionRequest): Promise<'pending' | 'active'> {
  const token = newToken();
  const fresh = {
    status: 'pending',
    source: r.source,
    confirmTokenHash: hashToken(token),
    confirmExpiresAt: new Date(Date.now() + CONFIRM_TTL_MS),
    ip: r.ip?.slice(0, 45) ?? null,
  };
  const [row] = await tx
    .insert(subscriptions)
    .values({ email: r.email, userId: r.userId, ...fresh })
    .onConflictDoUpdate({
      target: subscriptions.email,
      set: {
        ...fresh,
        userId: sql`coalesce(${subscriptions.userId}, excluded.user_id)`,
        updatedAt: new Date(),
      },
      setWhere: ne(subscriptions.status, 'active'),
    })
    .returning({ id: subscriptions.id });
  if (!row) {
    await linkUser(tx, r.email, r.userId);
    return 'active';
  }
  await enqueueTemplatedEmail(tx, {
    code: 'newsletter.confirm',
    to: r.email,
    site: r.site,
    values: { confirmUrl: confirmUrl(r.site, token) },
    userId: r.userId,
  });
  return 'pending';
}

/** A subscription that needs no confirming letter (a signed-in customer whose e-mail is confirmed). */
export async function activateSubscription(tx: DbOrTx, r: Omit<SubscriptionRequest, 'site'>) {
  const active = {
    status: 'active',
    source: r.source,
    confirmTokenHash: null,
    confirmExpiresAt: null,
    unsubscribedAt: null,
    ip: r.ip?.slice(0, 45) ?? null,
  };
  await tx
    .insert(subscriptions)
    .values({
      email: r.email,
      userId: r.userId,
      ...active,
      confirmedAt: new Date(),
      unsubscribeToken: newToken(),
    })
    .onConflictDoUpdate({
      target: subscriptions.email,
      set: {
        ...active,
        userId: sql`coalesce(${subscriptions.userId}, excluded.user_id)`,
        confirmedAt: sql`coalesce(${subscriptions.confirmedAt}, now())`,
        // Links in letters already sent keep working.
        unsubscribeToken: sql`coalesce(${subscriptions.unsubscribeToken}, excluded.unsubscribe_token)`,
        updatedAt: new Date(),
      },
      setWhere: ne(subscriptions.status, 'active'),
    });
  await linkUser(tx, r.email, r.userId);
}

/** Ends the subscriptions of an account (by its id or its e-mail); the profile's switch turned off. */
export async function endSubscriptions(tx: DbOrTx, userId: number, email: string) {
  await tx
    .update(subscriptions)
    .set({
      status: 'unsubscribed',
      unsubscribedAt: new Date(),
      confirmTokenHash: null,
      confirmExpiresAt: null,
      updatedAt: new Date(),
    })
    .where(
      and(
        sql`(${subscriptions.userId} = ${userId} OR ${subscriptions.email} = ${email})`,
        ne(subscriptions.status, 'unsubscribed'),
      ),
    );
}

async function setUserFlag(tx: DbOrTx, userId: number | null, on: boolean) {
  if (userId === null) return;
  await tx.update(users).set({ subscribeEmail: on, updatedAt: new Date() }).where(eq(users.id, userId));
}

export async function confirmSubscription(db: Db, token: string): Promise<NewsletterState> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(subscriptions)
      .set({
        status: 'active',
        confirmedAt: new Date(),
        confirmTokenHash: null,
        confirmExpiresAt: null,
        unsubscribedAt: null,
        unsubscribeToken: sql`coalesce(${subscriptions.unsubscribeToken}, ${newToken()})`,
        updatedAt: new Date(),
      })
      .where(
        and(
          eq(subscriptions.confirmTokenHash, hashToken(token)),
          eq(subscriptions.status, 'pending'),
          sql`${subscriptions.confirmExpiresAt} > now()`,
        ),
      )
      .returning({ email: subscriptions.email, userId: subscriptions.userId });
    if (!row) throw new ApiError(400, 'token_invalid', CONFIRM_INVALID, { token: CONFIRM_INVALID });
    await setUserFlag(tx, row.userId, true);
    return { status: 'active', email: row.email };
  });
}

/** Idempotent: a second click on the same link answers the same. */
export async function unsubscribe(db: Db, token: string): Promise<NewsletterState> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(subscriptions)
      .set({
        status: 'unsubscribed',
        unsubscribedAt: sql`CASE WHEN ${subscriptions.status} = 'unsubscribed' THEN ${subscriptions.unsubscribedAt} ELSE now() END`,
        confirmTokenHash: null,
        confirmExpiresAt: null,
        updatedAt: new Date(),
      })
      .where(eq(subscriptions.unsubscribeToken, token))
      .returning({ email: subscriptions.email, userId: subscriptions.userId });
    if (!row) throw new ApiError(400, 'token_invalid', UNSUBSCRIBE_INVALID, { token: UNSUBSCRIBE_INVALID });
    await setUserFlag(tx, row.userId, false);
    return { status: 'unsubscribed', email: row.email };
  });
}

/** ?token= of an unsubscribe link, as the /api route declares it (the one-click route outside /api reads it too). */
const tokenQuery = unsubscribeNewsletter.query;
const TOKEN_LABEL = tokenQuery.properties.token['x-label'];

/**
 * The token of an unsubscribe: the query's, else the body's (the route's schemas checked both). That one
 * of the two is there is the rule no schema of a single part can say.
 */
function tokenOf(body: unknown, query: { token?: string }): string {
  if (query.token !== undefined) return query.token;
  const fromBody = body && typeof body === 'object' && 'token' in body ? body.token : undefined;
  if (typeof fromBody === 'string') return fromBody;
  throw fieldsError({ token: 'Обязательное поле' }, { token: TOKEN_LABEL });
}

// RFC 8058: a mail client's one-click unsubscribe posts `List-Unsubscribe=One-Click` as a form (multipart
// or url-encoded) to the header's address, which carries the token. Only the token matters, so the form
// is read as text; the parsers live in the scope of the plugin that adds them.
function acceptForms(app: FastifyInstance) {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  app.addContentTypeParser(
    'multipart/form-data',
    { parseAs: 'string', bodyLimit: 4096 },
    (_req, body, done) => done(null, String(body)),
  );
}

/**
 * POST /newsletter/unsubscribe?token=…, outside /api: the List-Unsubscribe header names the address of the
 * letter's link (the storefront's unsubscribe page), and a mail client's one-click POST must work there
 * whatever the page does.
 */
export function newsletterOneClickRoutes(db: Db) {
  return async function plugin(app: FastifyInstance) {
    acceptForms(app);
    app.post<{ Querystring: NewsletterUnsubscribeQuery }>(
      '/newsletter/unsubscribe',
      { config: { rateLimit: limitOf('unsubscribe') }, schema: { querystring: tokenQuery } },
      async (request) => ({
        data: await unsubscribe(db, tokenOf(undefined, request.query)),
      }),
    );
  };
}

export function newsletterRoutes(db: Db, config: Pick<Config, 'siteUrl'>) {
  return async function plugin(app: FastifyInstance) {
    acceptForms(app);

    serve(
      app,
      subscribeNewsletter,
      async (request) => {
        const email = normaliseEmail(request.body.email);
        const who = consentContext(request);
        const site = siteOrigin(config.siteUrl, request);
        await db.transaction(async (tx) => {
          const [owner] = await tx
            .select({ id: users.id })
            .from(users)
            .where(eq(sql`lower(${users.email})`, email))
            .limit(1);
          await requestSubscription(tx, {
            email,
            userId: owner?.id ?? null,
            source: 'footer',
            ip: who.ip,
            site,
          });
          await recordConsent(tx, { purpose: 'newsletter', source: 'newsletter', ...who, email });
        });
        const data: NewsletterState = { status: 'pending' };
        return { data };
      },
      {
        // Per client address, and per e-mail whoever asks: each accepted request is a letter to that address.
        config: { rateLimit: limitOf('subscribe') },
        preValidation: targetLimit(app, 'subscribeEmail', {
          groupId: 'subscribe-email',
          keyOf: bodyEmailKey,
        }),
      },
    );

    serve(
      app,
      confirmNewsletter,
      async (request) => ({ data: await confirmSubscription(db, request.body.token) }),
      { config: { rateLimit: limitOf('links') } },
    );

    serve(
      app,
      unsubscribeNewsletter,
      async (request) => ({ data: await unsubscribe(db, tokenOf(request.body, request.query)) }),
      { config: { rateLimit: limitOf('unsubscribe') } },
    );
  };
}
