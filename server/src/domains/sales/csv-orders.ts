// The orders' CSV file, for a manager who opens it in Excel: one row per order line, so that a filter on a
// product or an article shows the orders that hold it, each row still saying whose order it is.
// The order's own columns (number, date, status, customer, delivery, payment…) are repeated on each of its
// rows; its amounts (goods, discount, delivery, bonuses, total) are written on its first row only, so that
// summing a column in Excel gives the true sum of the orders, not a total counted once per line. Everything
// is written as the admin shows it: statuses by their labels, delivery and payment services and the
// organisation by their titles, money in roubles with a decimal comma (2975,40), times in Moscow time,
// phones as «8 (912) 345-67-89» (spreadsheetPhone: no formula guard needed), discounts and a line's
// characteristics as words, never JSON.
import { displayValue, fieldLooks, kopecksToRoubles } from '../../platform/crud/csv-fields';
import { pagedCsv, referenceTitles, titlesText } from '../../platform/crud/csv-export';
import { offerDirectories } from '../catalog';
import type { CrudContext, ListQuery } from '../../platform/crud/types';

type Row = Record<string, unknown>;

/** The order's columns, repeated on each of its lines: field names of orders, by their labels. */
const ORDER_FIELDS = [
  'number',
  'createdAt',
  'status',
  'paymentStatus',
  'customerName',
  'customerPhone',
  'customerEmail',
  'organizationId',
  'deliveryServiceId',
  'deliveryCity',
  'deliveryPostalCode',
  'deliveryAddress',
  'deliveryPickupPoint',
  'deliveryTrackNumber',
  'paymentServiceId',
  'couponCode',
  'discounts',
  'paidAt',
  'shippedAt',
  'completedAt',
  'canceledAt',
  'cancelReason',
  'comment',
  'managerComment',
];

/** The order's amounts, on its first line only. */
const ORDER_AMOUNTS: { header: string; value: (o: Row) => number }[] = [
  { header: 'Сумма товаров', value: (o) => o.itemsTotal as number },
  { header: 'Скидка', value: (o) => o.discountTotal as number },
  { header: 'Доставка', value: (o) => o.deliveryPrice as number },
  {
    header: 'Оплачено бонусами',
    value: (o) => (o.bonusSpent as number) * (o.bonusPointValue as number),
  },
  { header: 'Итого', value: (o) => o.total as number },
];

const LINE_HEADERS = ['Строка', 'Артикул', 'Товар', 'Характеристики', 'Цена', 'Количество', 'Сумма строки'];

/** A filtered orders list as CSV, one row per line (an order without lines: one row). */
export async function* exportOrdersCsv(ctx: CrudContext, query: ListQuery): AsyncGenerator<string> {
  const { db, registry, def } = ctx;
  const looks = fieldLooks('orders');
  const fields = ORDER_FIELDS.map((name) => def.fields.find((f) => f.name === name)!);
  const directories = await offerDirectories(db);
  /** «Изгиб: C, Толщина: 0.07, Цвет: Чёрный», in the directories' order, codes by their entries' titles. */
  const characteristics = (attributes: unknown) => {
    const values = (attributes ?? {}) as Record<string, string>;
    const known = directories
      .filter((d) => values[d.code] !== undefined)
      .map((d) => {
        const code = values[d.code]!;
        return `${d.title}: ${d.entries.find((e) => e.code === code)?.title ?? code}`;
      });
    const others = Object.entries(values)
      .filter(([code]) => !directories.some((d) => d.code === code))
      .map(([code, value]) => `${code}: ${value}`);
    return [...known, ...others].join(', ');
  };
  const discountsText = (discounts: unknown) =>
    ((discounts ?? []) as { title: string; amount: number }[])
      .map((d) => `${d.title}: ${kopecksToRoubles(d.amount)}`)
      .join('; ');

  yield* pagedCsv(
    ctx,
    query,
    [...fields.map((f) => f.label), ...ORDER_AMOUNTS.map((a) => a.header), ...LINE_HEADERS],
    async (orders) => {
      const titles = await referenceTitles(db, registry, fields, orders);
      return orders.flatMap((order) => {
        const common = fields.map((f) => {
          const v = order[f.name];
          if (f.name === 'discounts') return discountsText(v);
          const names = titles.get(f.name);
          if (names && v !== null && v !== undefined) return titlesText(names, v);
          return displayValue(looks.get(f.name), v);
        });
        const amounts = ORDER_AMOUNTS.map((a) => kopecksToRoubles(a.value(order)));
        const items = (order.items ?? []) as Row[];
        if (!items.length) return [[...common, ...amounts, ...LINE_HEADERS.map(() => '')]];
        return items.map((item, i) => [
          ...common,
          ...(i === 0 ? amounts : amounts.map(() => '')),
          String(i + 1),
          typeof item.article === 'string' ? item.article : '',
          String(item.title),
          characteristics(item.attributes),
          kopecksToRoubles(item.price as number),
          String(item.quantity),
          kopecksToRoubles(item.total as number),
        ]);
      });
    },
  );
}
