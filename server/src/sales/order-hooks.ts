// orders: the number and the totals are the server's, never the form's. The number is the year and a
// running count (2026-000123), taken under a transaction lock so that two orders never share one.
import { sql } from 'drizzle-orm';
import { selectRows } from '../db';
import type { ResourceHooks } from '../crud/types';

const ORDER_NUMBER_LOCK = 72_431_002;

interface Item {
  price?: number;
  quantity?: number;
  total?: number;
}

export const beforeSave: NonNullable<ResourceHooks['beforeSave']> = async (data, { tx, existing }) => {
  const out = { ...data };
  if (!existing) {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${ORDER_NUMBER_LOCK})`);
    const year = new Date().getFullYear();
    const [row] = await selectRows<{ n: number }>(
      tx,
      sql`SELECT count(*)::int + 1 AS n FROM orders WHERE number LIKE ${`${year}-%`}`,
    );
    out.number = `${year}-${String(row?.n ?? 1).padStart(6, '0')}`;
  }
  const merged = { ...existing, ...out } as Record<string, unknown>;
  if (Array.isArray(out.items) || !existing) {
    const items = ((out.items ?? []) as Item[]).map((i) => ({
      ...i,
      total: (i.price ?? 0) * (i.quantity ?? 0),
    }));
    out.items = items;
    out.itemsTotal = items.reduce((s, i) => s + i.total, 0);
  } else {
    out.itemsTotal = merged.itemsTotal;
  }
  const num = (k: string) => Number(out[k] ?? merged[k] ?? 0);
  // A bonus point is worth settings.bonusPointValue kopecks.
  const [settings] = await selectRows<{ value: number }>(
    tx,
    sql`SELECT bonus_point_value AS value FROM settings ORDER BY id LIMIT 1`,
  );
  const pointValue = settings?.value ?? 100;
  out.total = Math.max(
    0,
    num('itemsTotal') - num('discountTotal') + num('deliveryPrice') - num('bonusSpent') * pointValue,
  );
  return out;
};
