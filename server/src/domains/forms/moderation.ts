// Moderation of reviews and site forms:
// - POST /api/admin/<reviews>/bulk-status {ids, status}: approve or reject many at once, all or nothing;
// - POST /api/admin/feedback/:id/processed {processed}: the manager's flag, with the server's time and name.
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { requireAccess } from '../../platform/auth/guard';
import { userContext } from '../../platform/crud/context';
import { changeRecords } from '../../platform/crud/service';
import { selectRows, type Db } from '../../platform/db';
import { notFound } from '../../platform/http/errors';
import { serve } from '../../platform/http/contract';
import {
  setFeedbackProcessed,
  setProductReviewsStatus,
  setSiteReviewsStatus,
} from '@shop/schemas/contracts/forms';
import { resourceOf } from '../../platform/crud/resource-access';
import type { Registry } from '../../platform/crud/types';

/** Each review list: its contract and its table. */
const REVIEW_LISTS = {
  'reviews-on-site': { contract: setSiteReviewsStatus, table: 'site_reviews' },
  'reviews-on-products': { contract: setProductReviewsStatus, table: 'product_reviews' },
} as const;
/** The most reviews one request changes (the request schema's maxItems). */
export const BULK_MAX = 1000;

const idList = (ids: number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

export function moderationRoutes(db: Db, registry: Registry) {
  const feedback = resourceOf(registry, 'feedback');
  return async function plugin(app: FastifyInstance) {
    // The role is checked before the input: a guest learns nothing about what a request should hold.
    for (const [resource, { contract, table }] of Object.entries(REVIEW_LISTS)) {
      const def = resourceOf(registry, resource);
      const t = sql.raw(table);
      serve(
        app,
        contract,
        async (request) => {
          const user = request.user!;
          const body = request.body;
          // The same review twice is the same change.
          const ids = [...new Set(body.ids)];
          const status = body.status;
          const updated = await db.transaction(async (tx) => {
            const found = await selectRows<{ id: number }>(
              tx,
              sql`SELECT id FROM ${t} WHERE id IN (${idList(ids)}) ORDER BY id FOR UPDATE`,
            );
            // A missing review (deleted meanwhile, or a wrong number) cancels the whole change.
            if (found.length !== ids.length) {
              const present = new Set(found.map((r) => r.id));
              const missing = ids.filter((id) => !present.has(id));
              throw notFound(`Отзывы не найдены: №${missing.join(', №')}; ничего не изменено`);
            }
            await changeRecords(userContext(tx, registry, def, user), ids, () =>
              tx.execute(
                sql`UPDATE ${t} SET status = ${status}, updated_at = now() WHERE id IN (${idList(ids)})`,
              ),
            );
            return found.length;
          });
          return { data: { updated, status } };
        },
        { preValidation: requireAccess(def, 'edit') },
      );
    }

    serve(
      app,
      setFeedbackProcessed,
      async (request) => {
        const user = request.user!;
        const { id } = request.params;
        const { processed } = request.body;
        const rows = await db.transaction(async (tx) => {
          const [before] = await selectRows<{
            processed: boolean;
            processedAt: string | null;
            processedById: number | null;
          }>(
            tx,
            sql`SELECT processed, processed_at AS "processedAt", processed_by_id AS "processedById"
              FROM feedback_requests WHERE id = ${id} FOR UPDATE`,
          );
          if (!before) return [];
          if (before.processed === processed) return [{ id, ...before }];
          const feedbackCtx = userContext(tx, registry, feedback, user);
          return changeRecords(feedbackCtx, [id], () =>
            selectRows<Record<string, unknown>>(
              tx,
              processed
                ? sql`UPDATE feedback_requests SET processed = true, processed_at = now(), processed_by_id = ${user.id}
                  WHERE id = ${id}
                  RETURNING id, processed, processed_at AS "processedAt", processed_by_id AS "processedById"`
                : sql`UPDATE feedback_requests SET processed = false, processed_at = NULL, processed_by_id = NULL
                  WHERE id = ${id}
                  RETURNING id, processed, processed_at AS "processedAt", processed_by_id AS "processedById"`,
            ),
          );
        });
        if (!rows[0]) throw notFound(`Заявка №${id} не найдена`);
        const row = rows[0];
        return {
          data: {
            ...row,
            processedAt: row.processedAt ? new Date(row.processedAt as string).toISOString() : null,
          },
        };
      },
      { preValidation: requireAccess(feedback, 'edit') },
    );
  };
}
