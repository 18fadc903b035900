// «Сообщить о поступлении»: POST /api/stock-notices stores a shopper's e-mail or phone for a sold-out
// variant; when that variant's stock rises above zero they get one letter (or SMS) through the outbox.
//
// A signed-in customer asks in one tap (POST /api/profile/stock-notices): the account's e-mail, no captcha.
//
// The rule "stock rose from 0 → the waiting requests are due" is a row trigger on product_offers
// (migrations/0014_stock_notices_due.sql): every path that writes stock (the admin's form, the CSV import,
// bulk offers, a cancelled order returning pieces, hand-written SQL) goes through it, and none can skip it.
// The letters need the product's page data and the templates, so the outbox worker queues them
// (sendDueStockNotices), marking each request sent in the transaction that queues its letter.
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { selectRows, type Db, type Tx } from '../../platform/db';
import { stockNotices } from '../../../generated/tables';
import { ApiError, badRequest, conflict } from '../../platform/http/errors';
import { limitOf } from '../../platform/http/rate-limit';
import { serve } from '../../platform/http/contract';
import { notifyStock, profileNotifyStock } from '@shop/schemas/contracts/catalog';
import { requireUser } from '../../platform/auth/guard';
import { checkCaptcha } from '../forms';
import { consentContext, recordConsent } from '../privacy';
import { enqueueTemplatedEmail, enqueueTemplatedSms } from '../messages';
import type { TemplateValues } from '../messages';
import { formatMoney } from '@shop/schemas/rules/money';
import { shopValues } from '../settings';
import { productPage } from './product-page';

export const STOCK_BACK_TEMPLATE = 'stock.back';
export const CONTACT_MISSING = 'Укажите e-mail или телефон — туда придёт сообщение о поступлении';
export const ALREADY_IN_STOCK = 'Этот вариант уже в наличии: его можно положить в корзину';

/** A variant on the storefront: what a request for it needs. */
interface NoticeOffer {
  id: number;
  product_id: number;
  article: string;
  stock: number;
}

/** The variant asked about: on the storefront (404 otherwise) and sold out (409 otherwise). */
async function soldOutOffer(db: Db, offerId: number): Promise<NoticeOffer> {
  const [offer] = await selectRows<NoticeOffer>(
    db,
    sql`SELECT o.id, o.product_id, o.article, o.stock FROM product_offers o
        JOIN products p ON p.id = o.product_id
        WHERE o.id = ${offerId} AND o.active AND p.active`,
  );
  if (!offer) throw new ApiError(404, 'not_found', 'Такого варианта товара нет на сайте');
  if (offer.stock > 0) throw conflict(ALREADY_IN_STOCK);
  return offer;
}

/**
 * Stores a waiting request; the partial unique indexes of open requests (one per offer and contact) turn a
 * repeat into nothing. A guest's request records their consent with it (`consent`).
 */
async function storeNotice(
  db: Db,
  request: FastifyRequest,
  offer: NoticeOffer,
  contact: { email: string | null; phone: string | null },
  { consent }: { consent: boolean },
) {
  const who = consentContext(request);
  await db.transaction(async (tx: Tx) => {
    await tx
      .insert(stockNotices)
      .values({
        productId: offer.product_id,
        offerId: offer.id,
        article: offer.article,
        ...contact,
        userId: who.userId,
        ip: who.ip.slice(0, 45),
        status: 'waiting',
      })
      .onConflictDoNothing();
    if (consent)
      await recordConsent(tx, { purpose: 'personal_data', source: 'stock_notice', ...contact, ...who });
  });
  return { data: { status: 'waiting' as const, ...contact } };
}

export function stockNoticeRoutes(db: Db) {
  return async function plugin(app: FastifyInstance) {
    serve(
      app,
      notifyStock,
      async (request, reply) => {
        const input = request.body;
        const email = input.email || null;
        const phone = input.phone || null;
        if (!email && !phone) throw badRequest(CONTACT_MISSING, { email: CONTACT_MISSING });
        const offer = await soldOutOffer(db, input.offerId);
        await checkCaptcha(db, input.captchaId, input.captchaPhrase);
        return reply
          .status(201)
          .send(await storeNotice(db, request, offer, { email, phone }, { consent: true }));
      },
      { config: { rateLimit: limitOf('feedback', { groupId: 'stock-notice' }) } },
    );

    // One tap for a signed-in customer: the account's e-mail, no form and no captcha; the account's consent,
    // given at registration, covers it.
    serve(
      app,
      profileNotifyStock,
      async (request, reply) => {
        const offer = await soldOutOffer(db, request.body.offerId);
        const contact = { email: request.user!.email, phone: null };
        return reply.status(201).send(await storeNotice(db, request, offer, contact, { consent: false }));
      },
      { preValidation: requireUser, config: { rateLimit: limitOf('feedback', { groupId: 'stock-notice' }) } },
    );
  };
}

interface DueRow {
  id: number;
  product_id: number;
  offer_id: number;
  email: string | null;
  phone: string | null;
  user_id: number | null;
}

const BATCH = 50;

/**
 * Queues the letters of the requests marked due by the trigger, one per request, and marks each sent with
 * notifiedAt in the same transaction. Several instances may run it: the UPDATE … WHERE status = 'due' lets
 * only one of them take a request. A request whose variant is gone (or switched off) is cancelled; one whose
 * variant sold out again before the letter went back to waiting, for the next rise. Answers how many
 * letters were queued.
 */
export async function sendDueStockNotices(db: Db, site: string, limit = BATCH): Promise<number> {
  let queued = 0;
  for (;;) {
    const due = await selectRows<{ id: number; product_id: number }>(
      db,
      sql`SELECT id, product_id FROM stock_notices WHERE status = 'due' ORDER BY id LIMIT ${limit}`,
    );
    if (!due.length) return queued;
    // The page as a guest sees it: its link, the variant's name and price.
    const slugs = await selectRows<{ id: number; slug: string }>(
      db,
      sql`SELECT id, slug FROM products WHERE id IN (${sql.join(
        [...new Set(due.map((d) => d.product_id))].map((id) => sql`${id}`),
        sql`, `,
      )}) AND active`,
    );
    const pages = new Map(
      await Promise.all(slugs.map(async (p) => [p.id, await productPage(db, p.slug)] as const)),
    );
    queued += await db.transaction(async (tx: Tx) => {
      const taken = await selectRows<DueRow>(
        tx,
        sql`UPDATE stock_notices SET status = 'sent', notified_at = now()
            WHERE id IN (${sql.join(
              due.map((d) => sql`${d.id}`),
              sql`, `,
            )}) AND status = 'due'
            RETURNING id, product_id, offer_id, email, phone, user_id`,
      );
      const common = taken.length ? await shopValues(tx, site) : {};
      let n = 0;
      for (const row of taken) {
        const page = pages.get(row.product_id);
        const offer = page?.offers.find((o) => o.id === row.offer_id);
        if (!page || !offer) {
          await tx.execute(
            sql`UPDATE stock_notices SET status = 'cancelled', notified_at = NULL WHERE id = ${row.id}`,
          );
          continue;
        }
        if (!offer.inStock) {
          await tx.execute(
            sql`UPDATE stock_notices SET status = 'waiting', notified_at = NULL WHERE id = ${row.id}`,
          );
          continue;
        }
        const variant = offer.attributes.map((a) => a.valueTitle).join(' ');
        const values: TemplateValues = {
          productName: page.title,
          variantName: variant ? `${variant}, арт. ${offer.article}` : `арт. ${offer.article}`,
          productPrice: formatMoney(offer.salePrice),
          productUrl: `${site}${page.url}?offer=${offer.id}`,
        };
        const message = { code: STOCK_BACK_TEMPLATE, site, values, common, userId: row.user_id };
        if (row.email) await enqueueTemplatedEmail(tx, { ...message, to: row.email });
        else if (row.phone) await enqueueTemplatedSms(tx, { ...message, to: row.phone });
        n++;
      }
      return n;
    });
    if (due.length < limit) return queued;
  }
}
