// Bulk price and stock edit of the offers of chosen products, in one transaction: either every offer
// changes or, on any bad input or missing product, nothing does.
import { inArray, sql } from 'drizzle-orm';
import { productOffers, products } from '../../../generated/tables';
import { diffRecords, recordHistory, type Actor } from '../../crud/history';
import type { ResourceDef } from '../../crud/resource';
import { getRecord } from '../../crud/service';
import type { Db, Tx } from '../../db';
import { badRequest } from '../../http/errors';

export const MAX_BULK_PRODUCTS = 1000;
/** A change by percent stays within −99 %…+1000 %: a typo never takes a price to zero or below. */
export const PERCENT_RANGE = { min: -99, max: 1000 } as const;

export type PriceChange = { mode: 'set'; value: number } | { mode: 'percent'; value: number };

export interface BulkOffersInput {
  ids: number[];
  /** New base price in kopecks, or a change of the base and sale prices by a percentage. */
  price?: PriceChange;
  stock?: number;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

export function parseBulkOffers(body: unknown): BulkOffersInput {
  if (!isObject(body)) throw badRequest('Тело запроса должно быть JSON-объектом');
  const { ids, price, stock } = body;
  if (!Array.isArray(ids) || ids.length === 0) throw badRequest('Выберите хотя бы один товар');
  if (ids.length > MAX_BULK_PRODUCTS)
    throw badRequest(`За один раз можно изменить не больше ${MAX_BULK_PRODUCTS} товаров`);
  if (!ids.every((id) => Number.isInteger(id) && (id as number) > 0))
    throw badRequest('Номера товаров должны быть целыми положительными числами');
  const out: BulkOffersInput = { ids: [...new Set(ids as number[])] };
  if (price !== undefined && price !== null) {
    if (!isObject(price) || (price.mode !== 'set' && price.mode !== 'percent'))
      throw badRequest('Цена: укажите новую цену или изменение в процентах', { price: 'Неверное значение' });
    const value = price.value;
    if (typeof value !== 'number' || !Number.isFinite(value))
      throw badRequest('Цена: укажите число', { price: 'Укажите число' });
    if (price.mode === 'set') {
      if (!Number.isInteger(value) || value < 0)
        throw badRequest('Новая цена должна быть неотрицательной суммой в копейках', {
          price: 'Цена не может быть отрицательной',
        });
      out.price = { mode: 'set', value };
    } else {
      if (value === 0 || value < PERCENT_RANGE.min || value > PERCENT_RANGE.max)
        throw badRequest(
          `Изменение цены в процентах: от ${PERCENT_RANGE.min} до ${PERCENT_RANGE.max}, но не 0`,
          { price: `От ${PERCENT_RANGE.min} до ${PERCENT_RANGE.max}, не 0` },
        );
      out.price = { mode: 'percent', value };
    }
  }
  if (stock !== undefined && stock !== null) {
    if (typeof stock !== 'number' || !Number.isInteger(stock) || stock < 0)
      throw badRequest('Остаток должен быть целым неотрицательным числом', {
        stock: 'Целое число не меньше 0',
      });
    out.stock = stock;
  }
  if (!out.price && out.stock === undefined)
    throw badRequest('Укажите новую цену, изменение цены в процентах или остаток');
  return out;
}

/** kopecks × (1 + percent/100), to whole kopecks. */
export function changeByPercent(kopecks: number, percent: number): number {
  return Math.round((kopecks * (100 + percent)) / 100);
}

const snapshot = async (tx: Tx, def: ResourceDef, ids: number[]) => {
  const out: Record<string, unknown>[] = [];
  for (const id of ids) out.push(await getRecord(tx, def, id));
  return out;
};

/** `products` is the products' ResourceDef: each product's history gets the change of its offers. */
export async function updateOffersInBulk(
  db: Db,
  input: BulkOffersInput,
  history: { products: ResourceDef; actor: Actor },
) {
  return db.transaction(async (tx) => {
    const found = await tx
      .select({ id: products.id })
      .from(products)
      .where(inArray(products.id, input.ids))
      .for('update');
    const missing = input.ids.filter((id) => !found.some((p) => p.id === id));
    if (missing.length) throw badRequest(`Товары не найдены: №${missing.join(', №')}`);
    const before = await snapshot(tx, history.products, input.ids);
    const where = inArray(productOffers.productId, input.ids);
    const set: Record<string, unknown> = {};
    if (input.price?.mode === 'set') set.basePrice = input.price.value;
    if (input.price?.mode === 'percent') {
      const factor = 100 + input.price.value;
      set.basePrice = sql`round(${productOffers.basePrice}::numeric * ${factor} / 100)::integer`;
      set.salePrice = sql`round(${productOffers.salePrice}::numeric * ${factor} / 100)::integer`;
    }
    if (input.stock !== undefined) set.stock = input.stock;
    const changed = await tx.update(productOffers).set(set).where(where).returning({ id: productOffers.id });
    await tx.update(products).set({ updatedAt: new Date() }).where(inArray(products.id, input.ids));
    const after = await snapshot(tx, history.products, input.ids);
    for (const [i, id] of input.ids.entries()) {
      await recordHistory(tx, {
        resource: 'products',
        recordId: id,
        action: 'update',
        actor: history.actor,
        changes: diffRecords(history.products, before[i]!, after[i]!),
      });
    }
    return { products: input.ids.length, offers: changed.length };
  });
}
