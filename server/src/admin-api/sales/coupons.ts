// POST /api/admin/coupons/generate: one chunk (at most 500) of a coupon series, in one transaction; the
// admin screen sends a large series chunk by chunk and shows the progress. GET /api/admin/coupons/batches:
// the series with their sizes. Bad input is refused in Russian before anything is written.
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { coupons, history } from '../../../generated/tables';
import { actorOf, type Actor } from '../../crud/history';
import type { Registry } from '../../crud/service';
import { selectRows, type Db } from '../../db';
import { badRequest, conflict } from '../../http/errors';
import { requireRole, resourceOf } from './access';
import { freshCodes } from './coupon-codes';

export const CHUNK_MAX = 500;
export const CODE_LENGTH = { min: 6, max: 16, default: 8 };
const PREFIX = /^[A-Z0-9][A-Z0-9_-]{0,11}$/;
const TYPES = ['percent', 'fixed', 'free_delivery'] as const;
type CouponType = (typeof TYPES)[number];
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

const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v);
const blank = (v: unknown) => v === undefined || v === null || v === '';

/** The request body checked field by field; every problem is named in Russian, the first one in message. */
export function parseGenerateRequest(body: unknown): GenerateRequest {
  const b = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const errors: Record<string, string> = {};
  const optionalInt = (name: string, min: number, message: string): number | null => {
    if (blank(b[name])) return null;
    if (!isInt(b[name]) || b[name] < min) errors[name] = message;
    return b[name] as number;
  };
  const optionalDate = (name: string): Date | null => {
    if (blank(b[name])) return null;
    const d = typeof b[name] === 'string' ? new Date(b[name]) : null;
    if (!d || Number.isNaN(d.getTime())) errors[name] = 'Неверная дата';
    return d;
  };

  const count = b.count;
  if (!isInt(count) || count < 1 || count > CHUNK_MAX)
    errors.count = `Количество купонов за один запрос — от 1 до ${CHUNK_MAX}`;
  const prefix = typeof b.prefix === 'string' ? b.prefix.trim().toUpperCase() : '';
  if (prefix && !PREFIX.test(prefix))
    errors.prefix = 'Префикс: до 12 заглавных латинских букв, цифр, дефисов и подчёркиваний';
  const length = blank(b.length) ? CODE_LENGTH.default : b.length;
  if (!isInt(length) || length < CODE_LENGTH.min || length > CODE_LENGTH.max)
    errors.length = `Длина случайной части — от ${CODE_LENGTH.min} до ${CODE_LENGTH.max} символов`;
  const batch = typeof b.batch === 'string' ? b.batch.trim() : '';
  if (!batch || batch.length > 64) errors.batch = 'Укажите название серии (до 64 символов)';
  const description = typeof b.description === 'string' && b.description.trim() ? b.description.trim() : null;
  if (description && description.length > 500) errors.description = 'Описание — не длиннее 500 символов';

  const type = b.type as CouponType;
  let value = blank(b.value) ? 0 : b.value;
  if (!TYPES.includes(type)) errors.type = 'Выберите тип скидки';
  else if (type === 'percent' && (!isInt(value) || value < 1 || value > 100))
    errors.value = 'Процент скидки — целое число от 1 до 100';
  else if (type === 'fixed' && (!isInt(value) || value < 1))
    errors.value = 'Укажите сумму скидки больше нуля';
  else if (type === 'free_delivery') value = 0;

  const maxDiscount = optionalInt('maxDiscount', 1, 'Ограничение скидки — больше нуля');
  const minOrderTotal = optionalInt('minOrderTotal', 0, 'Минимальная сумма заказа не может быть меньше нуля');
  const usageLimit = optionalInt('usageLimit', 1, 'Лимит использований — целое число от 1');
  const usageLimitPerUser = optionalInt('usageLimitPerUser', 1, 'Лимит на покупателя — целое число от 1');
  const startsAt = optionalDate('startsAt');
  const endsAt = optionalDate('endsAt');
  if (startsAt && endsAt && !errors.startsAt && !errors.endsAt && endsAt <= startsAt)
    errors.endsAt = 'Дата окончания должна быть позже даты начала';
  if (!errors.prefix && !errors.length && prefix.length + (length as number) > 32)
    errors.length = 'Код с префиксом — не длиннее 32 символов';

  const first = Object.values(errors)[0];
  if (first) throw badRequest(first, errors);
  return {
    count: count as number,
    prefix,
    length: length as number,
    batch,
    description,
    type,
    value: value as number,
    maxDiscount: type === 'percent' ? maxDiscount : null,
    minOrderTotal,
    startsAt,
    endsAt,
    usageLimit,
    usageLimitPerUser,
  };
}

/** Inserts `count` new codes in one transaction; a code some other coupon has is replaced by a fresh one. */
export async function generateCoupons(db: Db, req: GenerateRequest, actor: Actor): Promise<string[]> {
  return db.transaction(async (tx) => {
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
      // The change history, as for a coupon created one by one (crud/history.ts), in one insert.
      if (rows.length)
        await tx.insert(history).values(
          rows.map((r) => ({
            resource: 'coupons',
            recordId: r.id,
            action: 'create',
            userId: actor.id,
            userName: actor.name,
            changes: {
              code: { to: r.code },
              batch: { to: req.batch },
              type: { to: req.type },
              value: { to: req.value },
            },
          })),
        );
    }
    return created;
  });
}

export interface CouponBatch {
  batch: string;
  count: number;
  used: number;
  type: string;
  value: number;
  createdAt: string;
}

export function couponRoutes(db: Db, registry: Registry) {
  const def = resourceOf(registry, 'coupons');
  return async function plugin(app: FastifyInstance) {
    app.post('/coupons/generate', async (request, reply) => {
      const user = requireRole(def, request, 'create');
      const req = parseGenerateRequest(request.body);
      const codes = await generateCoupons(db, req, actorOf(user));
      return reply.status(201).send({ data: { batch: req.batch, created: codes.length, codes } });
    });
    app.get('/coupons/batches', async (request) => {
      requireRole(def, request, 'list');
      const rows = await selectRows<CouponBatch>(
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
    });
  };
}
