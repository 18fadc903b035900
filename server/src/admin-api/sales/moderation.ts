// Moderation of reviews and site forms:
// - POST /api/admin/<reviews>/bulk-status {ids, status}: approve or reject many at once, all or nothing;
// - POST /api/admin/feedback/:id/processed {processed}: the manager's flag, with the server's time and name.
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { actorOf, recordHistory } from '../../crud/history';
import type { Registry } from '../../crud/service';
import { selectRows, type Db } from '../../db';
import { badRequest, notFound } from '../../http/errors';
import { positiveId, requireRole, resourceOf } from './access';

export const REVIEW_STATUSES = ['pending', 'published', 'rejected'] as const;
type ReviewStatus = (typeof REVIEW_STATUSES)[number];
const REVIEW_TABLES = {
  'reviews-on-site': 'site_reviews',
  'reviews-on-products': 'product_reviews',
} as const;
export const BULK_MAX = 1000;

function parseBulk(body: unknown): { ids: number[]; status: ReviewStatus } {
  const b = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  if (!REVIEW_STATUSES.includes(b.status as ReviewStatus))
    throw badRequest('Неизвестный статус отзыва', {
      status: 'Выберите: на модерации, опубликован или отклонён',
    });
  const ids = Array.isArray(b.ids) ? b.ids : [];
  if (ids.length === 0) throw badRequest('Выберите хотя бы один отзыв');
  if (ids.length > BULK_MAX) throw badRequest(`Не больше ${BULK_MAX} отзывов за раз`);
  if (!ids.every((id) => typeof id === 'number' && Number.isSafeInteger(id) && id > 0))
    throw badRequest('Неверные номера отзывов');
  return { ids: [...new Set(ids as number[])], status: b.status as ReviewStatus };
}

const idList = (ids: number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

export function moderationRoutes(db: Db, registry: Registry) {
  const feedback = resourceOf(registry, 'feedback');
  return async function plugin(app: FastifyInstance) {
    for (const [resource, table] of Object.entries(REVIEW_TABLES)) {
      const def = resourceOf(registry, resource);
      const t = sql.raw(table);
      app.post(`/${resource}/bulk-status`, async (request) => {
        const user = requireRole(def, request, 'edit');
        const { ids, status } = parseBulk(request.body);
        const updated = await db.transaction(async (tx) => {
          const before = await selectRows<{ id: number; status: string }>(
            tx,
            sql`SELECT id, status FROM ${t} WHERE id IN (${idList(ids)}) ORDER BY id FOR UPDATE`,
          );
          // A missing review (deleted meanwhile, or a wrong number) cancels the whole change.
          if (before.length !== ids.length) {
            const found = new Set(before.map((r) => r.id));
            const missing = ids.filter((id) => !found.has(id));
            throw notFound(`Отзывы не найдены: №${missing.join(', №')}; ничего не изменено`);
          }
          await tx.execute(
            sql`UPDATE ${t} SET status = ${status}, updated_at = now() WHERE id IN (${idList(ids)})`,
          );
          for (const row of before.filter((r) => r.status !== status))
            await recordHistory(tx, {
              resource,
              recordId: row.id,
              action: 'update',
              actor: actorOf(user),
              changes: { status: { from: row.status, to: status } },
            });
          return before.length;
        });
        return { data: { updated, status } };
      });
    }

    app.post('/feedback/:id/processed', async (request) => {
      const user = requireRole(feedback, request, 'edit');
      const id = positiveId((request.params as { id: string }).id);
      const b = (request.body && typeof request.body === 'object' ? request.body : {}) as Record<
        string,
        unknown
      >;
      if (typeof b.processed !== 'boolean') throw badRequest('Укажите, обработана ли заявка');
      const processed = b.processed;
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
        const after = await selectRows<Record<string, unknown>>(
          tx,
          processed
            ? sql`UPDATE feedback_requests SET processed = true, processed_at = now(), processed_by_id = ${user.id}
                  WHERE id = ${id}
                  RETURNING id, processed, processed_at AS "processedAt", processed_by_id AS "processedById"`
            : sql`UPDATE feedback_requests SET processed = false, processed_at = NULL, processed_by_id = NULL
                  WHERE id = ${id}
                  RETURNING id, processed, processed_at AS "processedAt", processed_by_id AS "processedById"`,
        );
        await recordHistory(tx, {
          resource: 'feedback',
          recordId: id,
          action: 'update',
          actor: actorOf(user),
          changes: { processed: { from: before.processed, to: processed } },
        });
        return after;
      });
      if (!rows[0]) throw notFound(`Заявка №${id} не найдена`);
      const row = rows[0];
      return {
        data: {
          ...row,
          processedAt: row.processedAt ? new Date(row.processedAt as string).toISOString() : null,
        },
      };
    });
  };
}
