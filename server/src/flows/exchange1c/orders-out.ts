// `type=sale&mode=query`: the orders 1C has not taken yet (new, or changed since it took them) as a
// CommerceML 2.10 document. Every field of the buyer is written, empty when the shop does not know it
// (1C refuses a document that lacks one). They are marked as taken only at `mode=success` (orders.ts).
import { and, asc, eq, gt, gte, inArray, isNull, or, sql } from 'drizzle-orm';
import {
  deliveryServices,
  exchange1cLinks,
  exchange1cOrders,
  orderItems,
  orders,
  paymentServices,
  userOrganizations,
} from '../../../generated/tables';
import type { DbOrTx } from '../../platform/db';
import { settingsRow } from '../../domains/settings';
import {
  PAYMENT_STATUS_LABELS,
  STATUS_LABELS,
  type OrderStatus,
  type PaymentStatus,
} from '../../domains/sales';
import { moscowDateTime } from '../../platform/moscow-time';

/** The most orders one query gives; the rest come at the next exchange. */
const MAX_ORDERS = 500;

/** Characters XML 1.0 cannot hold (a control character pasted into a comment); tab and line breaks stay. */
// eslint-disable-next-line no-control-regex -- exactly these characters are what it removes
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g;

const escapeXml = (s: string) =>
  s
    .replace(
      /[&<>"']/g,
      (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!,
    )
    // Characters XML 1.0 cannot hold at all (a pasted control character in a comment).
    .replace(CONTROL, '');

/** A small XML writer: one element per line, text escaped. */
class Xml {
  private lines: string[] = [];
  private depth = 0;
  open(name: string, attrs: Record<string, string> = {}) {
    const a = Object.entries(attrs)
      .map(([k, v]) => ` ${k}="${escapeXml(v)}"`)
      .join('');
    this.lines.push(`${'  '.repeat(this.depth++)}<${name}${a}>`);
    return this;
  }
  close(name: string) {
    this.lines.push(`${'  '.repeat(--this.depth)}</${name}>`);
    return this;
  }
  el(name: string, text: string | number | null | undefined, attrs: Record<string, string> = {}) {
    const a = Object.entries(attrs)
      .map(([k, v]) => ` ${k}="${escapeXml(v)}"`)
      .join('');
    this.lines.push(`${'  '.repeat(this.depth)}<${name}${a}>${escapeXml(String(text ?? ''))}</${name}>`);
    return this;
  }
  requisites(values: [string, string | number | boolean | null | undefined][]) {
    this.open('ЗначенияРеквизитов');
    for (const [name, value] of values)
      this.open('ЗначениеРеквизита')
        .el('Наименование', name)
        .el('Значение', value === null || value === undefined ? '' : String(value))
        .close('ЗначениеРеквизита');
    return this.close('ЗначенияРеквизитов');
  }
  toString() {
    return `<?xml version="1.0" encoding="UTF-8"?>\n${this.lines.join('\n')}\n`;
  }
}

const roubles = (kopecks: number) => (kopecks / 100).toFixed(2);

/** Moscow date and time, as 1C shows them: 2026-11-29, 10:15:00. */
function moscow(at: Date) {
  const stamp = moscowDateTime(at);
  return { date: stamp.slice(0, 10), time: stamp.slice(11, 19) };
}

/** An order to give 1C, with the state it is given in: its `updated_at` as PostgreSQL's text, to the microsecond. */
export type OutgoingOrder = { id: number; version: string };

/**
 * The orders 1C should take now: never taken, or changed since it took them; placed from the day the
 * settings name on (Moscow), when they name one.
 */
export async function ordersToTake(db: DbOrTx): Promise<OutgoingOrder[]> {
  const from = (await settingsRow(db))?.exchange1cOrdersFrom;
  return (
    db
      // The version kept whole: a JavaScript date would cut the microseconds, and the order would look changed.
      .select({ id: orders.id, version: sql<string>`${orders.updatedAt}::text` })
      .from(orders)
      .leftJoin(exchange1cOrders, eq(exchange1cOrders.orderId, orders.id))
      .where(
        and(
          or(isNull(exchange1cOrders.takenVersion), gt(orders.updatedAt, exchange1cOrders.takenVersion)),
          from ? gte(orders.createdAt, new Date(`${from}T00:00:00+03:00`)) : undefined,
        ),
      )
      .orderBy(asc(orders.id))
      .limit(MAX_ORDERS)
  );
}

/** The CommerceML document of these orders. */
export async function ordersDocument(db: DbOrTx, ids: number[], now = new Date()): Promise<string> {
  const xml = new Xml();
  const stamp = moscow(now);
  xml.open('КоммерческаяИнформация', {
    xmlns: 'urn:1C.ru:commerceml_2',
    ВерсияСхемы: '2.10',
    ДатаФормирования: `${stamp.date}T${stamp.time}`,
  });
  if (!ids.length) return xml.close('КоммерческаяИнформация').toString();
  const rows = await db
    .select({
      order: orders,
      delivery: deliveryServices.title,
      payment: paymentServices.title,
      paymentKind: paymentServices.kind,
      org: userOrganizations,
    })
    .from(orders)
    .leftJoin(deliveryServices, eq(deliveryServices.id, orders.deliveryServiceId))
    .leftJoin(paymentServices, eq(paymentServices.id, orders.paymentServiceId))
    .leftJoin(userOrganizations, eq(userOrganizations.id, orders.organizationId))
    .where(inArray(orders.id, ids))
    .orderBy(asc(orders.id));
  const lines = await db
    .select()
    .from(orderItems)
    .where(inArray(orderItems.orderId, ids))
    .orderBy(asc(orderItems.position));
  const offerIds = [...new Set(lines.map((l) => l.offerId).filter((id): id is number => id !== null))];
  const offerLinks = offerIds.length
    ? await db
        .select({ externalId: exchange1cLinks.externalId, localId: exchange1cLinks.localId })
        .from(exchange1cLinks)
        .where(and(eq(exchange1cLinks.kind, 'offer'), inArray(exchange1cLinks.localId, offerIds)))
    : [];
  const idOfOffer = new Map(offerLinks.map((l) => [l.localId, l.externalId]));
  for (const { order, delivery, payment, paymentKind, org } of rows) {
    const placed = moscow(order.createdAt);
    // The checkout asks «Имя Фамилия»; a third word takes the patronymic's place in 1C.
    const [firstName = '', lastName = '', ...more] = order.customerName.trim().split(/\s+/);
    const middleName = more.join(' ');
    xml
      .open('Документ')
      .el('Ид', order.number)
      .el('Номер', order.number)
      .el('Дата', placed.date)
      .el('ХозОперация', 'Заказ товара')
      .el('Роль', 'Продавец')
      .el('Валюта', 'руб')
      .el('Курс', 1)
      .el('Сумма', roubles(order.total));
    xml.open('Контрагенты').open('Контрагент');
    xml
      .el(
        'Ид',
        org ? `org-${org.id}` : order.userId ? `user-${order.userId}` : `guest-${order.customerPhone}`,
      )
      .el('Наименование', org?.name ?? order.customerName)
      .el('Роль', 'Покупатель')
      .el('ПолноеНаименование', org?.name ?? order.customerName)
      .el('ОфициальноеНаименование', org?.name ?? '')
      .el('Фамилия', lastName)
      .el('Имя', firstName)
      .el('Отчество', middleName)
      .el('ИНН', org?.inn ?? '')
      .el('КПП', org?.kpp ?? '');
    const address = [order.deliveryPostalCode, order.deliveryCity, order.deliveryAddress]
      .filter(Boolean)
      .join(', ');
    xml.open('АдресРегистрации').el('Представление', org?.legalAddress ?? address);
    for (const [type, value] of [
      ['Почтовый индекс', order.deliveryPostalCode],
      ['Город', order.deliveryCity],
      ['Улица', order.deliveryAddress],
    ] as const)
      xml
        .open('АдресноеПоле')
        .el('Тип', type)
        .el('Значение', value ?? '')
        .close('АдресноеПоле');
    xml.close('АдресРегистрации');
    xml.open('Контакты');
    xml
      .open('Контакт')
      .el('Тип', 'Почта')
      .el('Значение', order.customerEmail ?? '')
      .close('Контакт');
    xml.open('Контакт').el('Тип', 'ТелефонРабочий').el('Значение', order.customerPhone).close('Контакт');
    xml.close('Контакты');
    xml.close('Контрагент').close('Контрагенты');
    xml.el('Время', placed.time).el('Комментарий', order.comment ?? '');
    xml.open('Товары');
    for (const line of lines.filter((l) => l.orderId === order.id)) {
      const payable = line.payable ?? line.total;
      xml
        .open('Товар')
        .el('Ид', (line.offerId && idOfOffer.get(line.offerId)) || `shop-offer-${line.offerId ?? line.id}`)
        .el('Артикул', line.article ?? '')
        .el('Наименование', line.title)
        .el('БазоваяЕдиница', 'шт', {
          Код: '796',
          НаименованиеПолное: 'Штука',
          МеждународноеСокращение: 'PCE',
        })
        .el('ЦенаЗаЕдиницу', roubles(line.price))
        .el('Количество', line.quantity)
        .el('Сумма', roubles(payable));
      if (line.total > payable)
        xml
          .open('Скидки')
          .open('Скидка')
          .el('Наименование', 'Скидка')
          .el('Сумма', roubles(line.total - payable))
          .el('УчтеноВСумме', 'true')
          .close('Скидка')
          .close('Скидки');
      xml.requisites([
        ['ВидНоменклатуры', 'Товар'],
        ['ТипНоменклатуры', 'Товар'],
      ]);
      xml.close('Товар');
    }
    if (order.deliveryPrice > 0)
      xml
        .open('Товар')
        .el('Ид', 'ORDER_DELIVERY')
        .el('Артикул', '')
        .el('Наименование', `Доставка${delivery ? `: ${delivery}` : ''}`)
        .el('БазоваяЕдиница', 'шт', {
          Код: '796',
          НаименованиеПолное: 'Штука',
          МеждународноеСокращение: 'PCE',
        })
        .el('ЦенаЗаЕдиницу', roubles(order.deliveryPrice))
        .el('Количество', 1)
        .el('Сумма', roubles(order.deliveryPrice))
        .requisites([
          ['ВидНоменклатуры', 'Услуга'],
          ['ТипНоменклатуры', 'Услуга'],
        ])
        .close('Товар');
    xml.close('Товары');
    xml.requisites([
      ['Статус заказа', STATUS_LABELS[order.status as OrderStatus] ?? order.status],
      ['Статус оплаты', PAYMENT_STATUS_LABELS[order.paymentStatus as PaymentStatus] ?? order.paymentStatus],
      ['Заказ оплачен', order.paymentStatus === 'paid'],
      ['Дата оплаты', order.paidAt ? moscow(order.paidAt).date : ''],
      ['Метод оплаты', payment ?? ''],
      ['Вид оплаты', paymentKind ?? ''],
      ['Способ доставки', delivery ?? ''],
      ['Адрес доставки', [address, order.deliveryPickupPoint].filter(Boolean).join(', ')],
      ['Трек-номер', order.deliveryTrackNumber ?? ''],
      ['Отменен', order.status === 'canceled'],
      ['Причина отмены', order.cancelReason ?? ''],
      ['Финальный статус', order.status === 'completed' || order.status === 'canceled'],
      ['Сайт', 'Интернет-магазин'],
    ]);
    xml.close('Документ');
  }
  return xml.close('КоммерческаяИнформация').toString();
}
