// POST /api/admin/coupons/generate: one chunk (at most 500) of a coupon series, in one transaction; the
// admin screen sends a large series chunk by chunk and shows the progress. GET /api/admin/coupons/batches:
// the series with their sizes. Bad input is refused in Russian before anything is written.
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AdminCouponBatch, AdminCouponGenerateRequest } from '@shop/schemas';
import { coupons } from '../../../generated/tables';
import { requireAccess } from '../../platform/auth/guard';
import { userContext } from '../../platform/crud/context';
import { recordCreated } from '../../platform/crud/service';
import { selectRows, type Db } from '../../platform/db';
import { badRequest, conflict } from '../../platform/http/errors';
import { serve } from '../../platform/http/contract';
import {
  couponBatches,
  generateCoupons as generateContract,
} from '@shop/schemas/contracts/sales/admin-coupons';
import { resourceOf } from '../../platform/crud/resource-access';
import { freshCodes } from './coupon-codes';
import type { CrudContext, Registry } from '../../platform/crud/types';

export const CODE_LENGTH = { min: 6, max: 16, default: 8 };
/** A whole code, prefix and random part, fits the coupons' code column. */
const CODE_MAX = 32;
type CouponType = AdminCouponGenerateRequest['type'];
/** A chunk whose random codes all collide this many times in a row means the code space is exhausted. */
const ATTEMPTS = 8;

export interface GenerateRequest {
  count: number;
  prefix: string;
  length: number;
  batch: string;
  description: string | null;
  type: CouponType;
  value: number;
  maxDiscount: number | null;
  minOrderTotal: number | null;
  startsAt: Date | null;
  endsAt: Date | null;
  usageLimit: number | null;
  usageLimitPerUser: number | null;
}

/**
 * The body as its schema (admin-coupon-generate-request) left it, every field checked and the texts
 * trimmed, made into a request; what no schema says is refused here: an end not after the start, a code
 * longer than the column.
 */
export function generateRequest(b: AdminCouponGenerateRequest): GenerateRequest {
  const prefix = (b.prefix ?? '').toUpperCase();
  const length = b.length ?? CODE_LENGTH.default;
  const startsAt = b.startsAt ? new Date(b.startsAt) : null;
  const endsAt = b.endsAt ? new Date(b.endsAt) : null;
  const errors: Record<string, string> = {};
  if (startsAt && endsAt && endsAt <= startsAt)
    errors.endsAt = 'Дата окончания должна быть позже даты начала';
  if (prefix.length + length > CODE_MAX) errors.length = `Код с префиксом — не длиннее ${CODE_MAX} символов`;
  const first = Object.values(errors)[0];
  if (first) throw badRequest(first, errors);
  return {
    count: b.count,
    prefix,
    length,
    batch: b.batch,
    description: b.description || null,
    type: b.type,
    // Free delivery has no amount: whatever the form left in the field is not stored.
    value: b.type === 'free_delivery' ? 0 : (b.value ?? 0),
    maxDiscount: b.type === 'percent' ? (b.maxDiscount ?? null) : null,
    minOrderTotal: b.minOrderTotal ?? null,
    startsAt,
    endsAt,
    usageLimit: b.usageLimit ?? null,
    usageLimitPerUser: b.usageLimitPerUser ?? null,
  };
}

/** Inserts `count` new codes in one transaction; a code some other coupon has is replaced by a fresh one. */
export async function generateCoupons(ctx: CrudContext, req: GenerateRequest): Promise<string[]> {
  return ctx.db.transaction(async (tx) => {
    const created: string[] = [];
    const tried = new Set<string>();
    for (let attempt = 0; created.length < req.count; attempt++) {
      if (attempt >= ATTEMPTS)
        throw conflict('Не удалось подобрать новые коды: увеличьте длину кода или смените префикс');
      const codes = freshCodes(req.prefix, req.length, req.count - created.length, tried);
      codes.forEach((c) => tried.add(c));
      const rows = await tx
        .insert(coupons)
        .values(
          codes.map((code) => ({
            code,
            batch: req.batch,
            description: req.description,
            type: req.type,
            value: req.value,
            maxDiscount: req.maxDiscount,
            minOrderTotal: req.minOrderTotal,
            startsAt: req.startsAt,
            endsAt: req.endsAt,
            usageLimit: req.usageLimit,
            usageLimitPerUser: req.usageLimitPerUser,
          })),
        )
        .onConflictDoNothing({ target: coupons.code })
        .returning({ id: coupons.id, code: coupons.code });
      created.push(...rows.map((r) => r.code));
      // The change history, as for a coupon created one by one.
      if (rows.length)
        await recordCreated(
          { ...ctx, db: tx },
          rows.map((r) => r.id),
        );
    }
    return created;
  });
}

export function couponRoutes(db: Db, registry: Registry) {
  const def = resourceOf(registry, 'coupons');
  return async function plugin(app: FastifyInstance) {
    // The role is checked before the input: a guest learns nothing about what a request should hold.
    serve(
      app,
      generateContract,
      async (request, reply) => {
        const req = generateRequest(request.body);
        const codes = await generateCoupons(userContext(db, registry, def, request.user!), req);
        return reply.status(201).send({ data: { batch: req.batch, created: codes.length, codes } });
      },
      { preValidation: requireAccess(def, 'create') },
    );
    serve(
      app,
      couponBatches,
      async () => {
        const rows = await selectRows<AdminCouponBatch>(
          db,
          sql`SELECT batch, count(*) AS count, sum(CASE WHEN used_count > 0 THEN 1 ELSE 0 END) AS used,
                     min(type) AS type, min(value) AS value, max(created_at) AS "createdAt"
              FROM coupons WHERE batch IS NOT NULL
              GROUP BY batch ORDER BY max(created_at) DESC, batch LIMIT 20`,
        );
        return {
          data: rows.map((r) => ({
            ...r,
            count: Number(r.count),
            used: Number(r.used),
            value: Number(r.value),
            createdAt: new Date(r.createdAt).toISOString(),
          })),
        };
      },
      { preValidation: requireAccess(def, 'list') },
    );
  };
}
