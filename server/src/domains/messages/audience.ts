// Who receives a mailing: one customer, a user group or all subscribers. E-mail goes to users with an
// address (subscribers: the active rows of `subscriptions`, confirmed by double opt-in); SMS to users with
// a phone (subscribers: users who ticked SMS news). A group or the subscribers leave out blocked accounts;
// one chosen customer is written to as chosen. The count and the send read the very same query.
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { selectRows, type DbOrTx } from '../../platform/db';
import { badRequest } from '../../platform/http/errors';
import { serve } from '../../platform/http/contract';
import { countAudience } from '@shop/schemas/contracts/messages';
import type { Channel } from './catalog';
import { checkedFirst, type MessagesAccess } from './access';

export type Audience = 'user' | 'group' | 'subscribers';

export interface AudienceChoice {
  channel: Channel;
  audience: Audience;
  userId?: number | null;
  groupId?: number | null;
}

export interface Recipient {
  userId: number | null;
  to: string;
  name: string;
  /** The subscription's unsubscribe token, when the address is subscribed to the newsletter. */
  token: string | null;
}

/** A Russian 400 naming the field when the choice lacks its customer or group. */
export function assertChoice(c: AudienceChoice): void {
  if (c.audience === 'user' && !c.userId)
    throw badRequest('Выберите покупателя', { userId: 'Выберите покупателя' });
  if (c.audience === 'group' && !c.groupId)
    throw badRequest('Выберите группу покупателей', { groupId: 'Выберите группу покупателей' });
}

function recipientsSql(c: AudienceChoice): SQL {
  const byUser =
    c.audience === 'user'
      ? sql`u.id = ${c.userId}`
      : sql`u.group_ids @> ARRAY[${c.groupId}]::integer[] AND u.active`;
  if (c.channel === 'sms') {
    const who = c.audience === 'subscribers' ? sql`u.subscribe_sms AND u.active` : byUser;
    return sql`SELECT u.id AS "userId", u.phone AS "to", u.name AS "name", NULL::text AS "token"
      FROM users u WHERE ${who} AND coalesce(btrim(u.phone), '') <> '' ORDER BY u.id`;
  }
  if (c.audience === 'subscribers')
    return sql`SELECT s.user_id AS "userId", s.email AS "to", coalesce(u.name, '') AS "name",
        s.unsubscribe_token AS "token"
      FROM subscriptions s LEFT JOIN users u ON u.id = s.user_id
      WHERE s.status = 'active' ORDER BY s.id`;
  return sql`SELECT u.id AS "userId", u.email AS "to", u.name AS "name",
      (SELECT s.unsubscribe_token FROM subscriptions s
        WHERE lower(s.email) = lower(u.email) AND s.status = 'active' LIMIT 1) AS "token"
    FROM users u WHERE ${byUser} AND btrim(u.email) <> '' ORDER BY u.id`;
}

async function countRecipients(db: DbOrTx, c: AudienceChoice): Promise<number> {
  const [row] = await selectRows<{ n: number }>(
    db,
    sql`SELECT count(*)::integer AS "n" FROM (${recipientsSql(c)}) r`,
  );
  return Number(row?.n ?? 0);
}

export async function selectRecipients(db: DbOrTx, c: AudienceChoice): Promise<Recipient[]> {
  return selectRows<Recipient>(db, recipientsSql(c));
}

/** Gives every active subscription without an unsubscribe token one, so that every newsletter has its link. */
export async function ensureUnsubscribeTokens(db: DbOrTx): Promise<void> {
  await db.execute(sql`UPDATE subscriptions
    SET unsubscribe_token = replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', '')
    WHERE status = 'active' AND unsubscribe_token IS NULL`);
}

export function audienceRoutes(db: DbOrTx, access: MessagesAccess) {
  return async function plugin(app: FastifyInstance) {
    serve(
      app,
      countAudience,
      async (request) => {
        // The customer or the group the choice needs is the one rule no schema here says (assertChoice).
        const choice = request.query;
        assertChoice(choice);
        return { data: { total: await countRecipients(db, choice) } };
      },
      { preValidation: checkedFirst(access.send) },
    );
  };
}
