// 1C's document of changes to orders (`type=sale`, mode=file then mode=import): each Документ names a site
// order (its Ид or Номер is the order's number) with its state in 1C. The status moves through the shop's
// own status flow (order-status.ts: its rules, stock, money, history and the customer's letters), one
// allowed step after another towards the status 1C says; «Номер по 1С» and «Дата по 1С» are kept.
import { eq, sql } from 'drizzle-orm';
import { exchange1cOrders, orders, paymentServices } from '../../../generated/tables';
import { ApiError } from '../../platform/http/errors';
import type { Config } from '../../platform/config';
import { recordOrderEvent, type OrderAction, type OrderStatus } from '../../domains/sales';
import { changeOrderStatus } from '../order-status/order-status';
import { childOf, childrenOf, textOf, type XmlNode } from './xml-stream';
import type { Exchange } from './context';
import { norm } from './names';

/** 1C's words for a status, and ours: what the order should become. */
const STATUS_WORDS: [RegExp, OrderStatus][] = [
  [/отмен|аннулир/, 'canceled'],
  [/выполн|закрыт|заверш|доставлен|получен/, 'completed'],
  [/отгруж|отправл|передан/, 'shipped'],
  [/оплач/, 'paid'],
  [/подтвержд|согласован|в работе|принят|собран|к отгрузке|к выполнению/, 'confirmed'],
  [/нов/, 'new'],
];

const RANK: Record<OrderStatus, number> = {
  new: 0,
  confirmed: 1,
  paid: 2,
  shipped: 3,
  completed: 4,
  canceled: 5,
};

export interface OrderChange {
  number: string;
  status: OrderStatus | null;
  paid: boolean;
  number1c: string;
  date1c: string;
  trackNumber: string;
}

const truthy = (v: string | undefined) => !!v && ['true', 'да', '1'].includes(norm(v));

export function orderChangeOf(doc: XmlNode): OrderChange {
  const req = new Map<string, string>();
  for (const r of childrenOf(childOf(doc, 'ЗначенияРеквизитов'), 'ЗначениеРеквизита'))
    req.set(norm(textOf(r, 'Наименование')), textOf(r, 'Значение'));
  const word = norm(req.get('статус заказа') ?? req.get('статус') ?? '');
  let status = STATUS_WORDS.find(([re]) => re.test(word))?.[1] ?? null;
  if (truthy(req.get('отменен')) || truthy(req.get('пометкаудаления'))) status = 'canceled';
  if (!status && truthy(req.get('проведен'))) status = 'confirmed';
  const paid =
    truthy(req.get('заказ оплачен')) || truthy(req.get('оплачен')) || !!req.get('дата оплаты по 1с');
  return {
    number: textOf(doc, 'Номер') || textOf(doc, 'Ид'),
    status,
    paid,
    number1c: req.get('номер по 1с') ?? '',
    date1c: req.get('дата по 1с') ?? '',
    trackNumber: req.get('трек-номер') ?? req.get('номер отправления') ?? '',
  };
}

/** The steps of the shop's flow from `from` towards `to`. */
function stepsTowards(from: OrderStatus, to: OrderStatus, paid: boolean, onDelivery: boolean): OrderAction[] {
  if (to === 'canceled')
    return from === 'canceled' || from === 'completed' || from === 'shipped' ? [] : ['cancel'];
  if (RANK[to] <= RANK[from] && !(paid && from === 'confirmed')) return [];
  const steps: OrderAction[] = [];
  if (from === 'new') steps.push('confirm');
  const shouldPay = to === 'paid' || (paid && !onDelivery) || (RANK[to] >= RANK.shipped && !onDelivery);
  if (shouldPay && RANK[from] < RANK.paid) steps.push('markPaid');
  if (RANK[to] >= RANK.shipped && RANK[from] < RANK.shipped) steps.push('ship');
  if (to === 'completed') steps.push('complete');
  return steps;
}

/** Applies one document; answers what happened, in words for the log. */
export async function applyOrderChange(ex: Exchange, config: Config, change: OrderChange): Promise<string> {
  const [order] = await ex.db
    .select({
      id: orders.id,
      status: orders.status,
      paymentStatus: orders.paymentStatus,
      updatedAt: orders.updatedAt,
    })
    .from(orders)
    .where(eq(orders.number, change.number));
  if (!order) return `Заказ ${change.number}: на сайте нет такого заказа`;
  const [known] = await ex.db.select().from(exchange1cOrders).where(eq(exchange1cOrders.orderId, order.id));
  const said: string[] = [];
  const actor = { userId: ex.user.id, label: 'Обмен с 1С' };
  if (change.number1c && change.number1c !== known?.number1c) {
    await ex.db.transaction(async (tx) => {
      await tx
        .insert(exchange1cOrders)
        .values({ orderId: order.id, number1c: change.number1c, date1c: change.date1c || null })
        .onConflictDoUpdate({
          target: exchange1cOrders.orderId,
          set: { number1c: change.number1c, date1c: change.date1c || null, updatedAt: sql`now()` },
        });
      await recordOrderEvent(tx, {
        orderId: order.id,
        kind: 'note',
        actor,
        comment: `Номер по 1С: ${change.number1c}${change.date1c ? ` от ${change.date1c}` : ''}`,
        public: false,
      });
    });
    said.push(`номер по 1С ${change.number1c}`);
  }
  const target = change.status ?? (change.paid ? 'paid' : null);
  if (target) {
    let status = order.status as OrderStatus;
    const onDelivery = await isOnDelivery(ex, order.id);
    for (const action of stepsTowards(status, target, change.paid, onDelivery)) {
      try {
        const done = await changeOrderStatus(ex.db, config, {
          orderId: order.id,
          action,
          role: 'manager',
          actor,
          comment: action === 'cancel' ? 'Отменён в 1С' : null,
          trackNumber: change.trackNumber || null,
          site: config.siteUrl ?? '',
        });
        status = done.status;
        said.push(`статус «${action}» → ${status}`);
      } catch (e) {
        if (!(e instanceof ApiError)) throw e;
        said.push(`не удалось «${action}»: ${e.message}`);
        break;
      }
    }
  }
  await keepTaken(order.id, order.updatedAt, ex);
  return `Заказ ${change.number}: ${said.join(', ') || 'без изменений'}`;
}

/**
 * What 1C changed is not news to 1C: an order it had taken as it was before its document is still taken as it
 * is now, so the next `query` does not hand 1C its own change back (every exchange would repeat the last
 * one's orders). An order changed on the site since 1C took it stays due.
 */
async function keepTaken(orderId: number, before: Date, ex: Exchange) {
  await ex.db.execute(sql`
    UPDATE exchange1c_orders e SET taken_version = o.updated_at, updated_at = now()
      FROM orders o
     WHERE e.order_id = ${orderId} AND o.id = e.order_id AND e.taken_version >= ${before.toISOString()}::timestamptz`);
}

async function isOnDelivery(ex: Exchange, orderId: number): Promise<boolean> {
  const [row] = await ex.db
    .select({ kind: paymentServices.kind })
    .from(orders)
    .leftJoin(paymentServices, eq(paymentServices.id, orders.paymentServiceId))
    .where(eq(orders.id, orderId));
  return row?.kind === 'on_delivery';
}
