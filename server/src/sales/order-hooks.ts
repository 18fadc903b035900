// orders: the number and the totals are the server's, never the form's (the number: order-number.ts).
import { sql } from 'drizzle-orm';
import { selectRows } from '../db';
import type { EntityHooks, SavedValues } from '../crud/types';
import { nextOrderNumber } from './order-number';

export const beforeSave: EntityHooks<'orders'>['beforeSave'] = async (data, { tx, existing }) => {
  const out: SavedValues<typeof data> = { ...data };
  if (!existing) out.number = await nextOrderNumber(tx);
  let itemsTotal = existing?.itemsTotal ?? 0;
  if (data.items || !existing) {
    const items = (data.items ?? []).map((i) => ({ ...i, total: (i.price ?? 0) * (i.quantity ?? 0) }));
    out.items = items;
    itemsTotal = items.reduce((s, i) => s + i.total, 0);
  }
  out.itemsTotal = itemsTotal;
  // A bonus point is worth settings.bonusPointValue kopecks.
  const [settings] = await selectRows<{ value: number }>(
    tx,
    sql`SELECT bonus_point_value AS value FROM settings ORDER BY id LIMIT 1`,
  );
  const pointValue = settings?.value ?? 100;
  const discount = data.discountTotal ?? existing?.discountTotal ?? 0;
  const delivery = data.deliveryPrice ?? existing?.deliveryPrice ?? 0;
  const bonusSpent = data.bonusSpent ?? existing?.bonusSpent ?? 0;
  out.total = Math.max(0, itemsTotal - discount + delivery - bonusSpent * pointValue);
  return out;
};
