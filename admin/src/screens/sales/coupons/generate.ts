// Generating a coupon series chunk by chunk: each chunk is one request and one transaction on the server,
// so a large series shows its progress and a failure stops it with the chunks before it kept and counted.
import type { AdminCouponGenerateRequest } from '@shop/schemas';
import { callAdmin } from '../../../admin-api';

export const CHUNK = 500;
export const SERIES_MAX = 10_000;
/** "10 000" with a plain space, as the message reads. */
const SERIES_MAX_TEXT = String(SERIES_MAX).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');

/**
 * The form's values: the server's request (schemas/api/admin-coupon-generate-request), except that `count`
 * is the whole series here, sent in chunks of at most CHUNK.
 */
export type SeriesValues = AdminCouponGenerateRequest;

/** What the form checks before the first request (the server checks all of it again, in Russian too). */
export function validateSeries(v: Partial<SeriesValues>): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!Number.isInteger(v.count) || (v.count as number) < 1 || (v.count as number) > SERIES_MAX)
    errors.count = `Количество — от 1 до ${SERIES_MAX_TEXT}`;
  if (!v.batch || !String(v.batch).trim()) errors.batch = 'Укажите название серии';
  if (!v.type) errors.type = 'Выберите тип скидки';
  if (
    v.type === 'percent' &&
    (!Number.isInteger(v.value) || (v.value as number) < 1 || (v.value as number) > 100)
  )
    errors.value = 'Процент скидки — целое число от 1 до 100';
  if (v.type === 'fixed' && (typeof v.value !== 'number' || v.value < 1))
    errors.value = 'Укажите сумму скидки больше нуля';
  if (v.startsAt && v.endsAt && new Date(v.endsAt) <= new Date(v.startsAt))
    errors.endsAt = 'Дата окончания должна быть позже даты начала';
  return errors;
}

export async function generateSeries(
  values: SeriesValues,
  onProgress: (created: number) => void,
): Promise<number> {
  let created = 0;
  while (created < values.count) {
    const count = Math.min(CHUNK, values.count - created);
    const chunk = await callAdmin((api) => api.adminSales.generateCoupons({ ...values, count }));
    created += chunk.created;
    onProgress(created);
  }
  return created;
}
