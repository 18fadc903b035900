// The letters of a new order, queued in the order's transaction (the outbox sends them once it commits):
// the customer's e-mail and SMS (templates order.created) with the link to the order, and the "new order"
// e-mail to the shop's notification address (template order.admin_created).
import type { PricedLine } from '../pricing';
import { formatMoney } from '@shop/schemas/rules/money';
import type { DbOrTx, Tx } from '../../platform/db';
import { escapeHtml } from '../messages';
import {
  activeTemplates,
  templatedBatchWrite,
  enqueueTemplatedEmail,
  enqueueTemplatedSms,
  type ActiveTemplate,
  type ChannelMessage,
  type TemplateKey,
} from '../messages';
import { settingsRow, type SettingsRow } from '../settings';
import { commonValues } from '../settings';

export interface NewOrderLetter {
  site: string;
  orderId: number;
  number: string;
  userId: number | null;
  customerName: string;
  phone: string;
  /** null: the customer gave none (a manager's order by phone); no e-mail then. */
  email: string | null;
  /** Also tell the shop's notification address (not when a manager entered the order). */
  notifyShop: boolean;
  /** A path on the site: the account's order page or the guest's private link. */
  orderUrl: string;
  delivery: string;
  payment: string;
  total: number;
  lines: readonly PricedLine[];
  /** The settings as the order was priced with them (kept in memory); else read now. */
  shop?: SettingsRow;
}

/** The order's lines as a small HTML table for the letters. */
function itemsTable(lines: readonly PricedLine[]): string {
  const cell = 'style="padding:4px 8px;border-bottom:1px solid #eee"';
  const rows = lines
    .map(
      (l) =>
        `<tr><td ${cell}>${escapeHtml(l.title)}</td><td ${cell}>${l.quantity}&nbsp;шт.</td>` +
        `<td ${cell} align="right">${formatMoney(l.total)}</td></tr>`,
    )
    .join('');
  return `<table cellspacing="0" style="border-collapse:collapse">${rows}</table>`;
}

/** The templates of a new order's letters: the customer's e-mail and SMS, the shop's e-mail. */
const ORDER_LETTER_TEMPLATES: TemplateKey[] = [
  { channel: 'email', code: 'order.created' },
  { channel: 'sms', code: 'order.created' },
  { channel: 'email', code: 'order.admin_created' },
];

/** The active templates of a new order's letters, read before the order's transaction. */
export function orderLetterTemplates(db: DbOrTx): Promise<Map<string, ActiveTemplate>> {
  return activeTemplates(db, ORDER_LETTER_TEMPLATES);
}

/**
 * The new order's letters as one outbox insert, not yet run (platform/db/together.ts: placing an order writes
 * it with the order's rows); null when every template is switched off.
 */
export async function orderLettersWrite(
  tx: DbOrTx,
  o: NewOrderLetter,
  templates: Map<string, ActiveTemplate>,
) {
  const values = {
    customerName: o.customerName,
    orderNumber: o.number,
    orderTotal: formatMoney(o.total),
    orderUrl: `${o.site}${o.orderUrl}`,
    deliveryService: o.delivery,
    paymentService: o.payment,
    orderItems: itemsTable(o.lines),
    customerPhone: o.phone,
    customerEmail: o.email,
    adminUrl: `${o.site}/nuxt/orders/${o.orderId}`,
  };
  const rawHtml = ['orderItems'];
  // The settings once for the three messages: the common variables and the shop's address.
  const shop = o.shop ?? (await settingsRow(tx));
  const message = { site: o.site, common: commonValues(shop, o.site), values, rawHtml, userId: o.userId };
  const letters: ChannelMessage[] = [];
  if (o.email) letters.push({ ...message, channel: 'email', code: 'order.created', to: o.email });
  letters.push({ ...message, channel: 'sms', code: 'order.created', to: o.phone });
  const to = shop?.adminNotificationEmail ?? shop?.supportEmail;
  if (o.notifyShop && to)
    letters.push({ ...message, channel: 'email', code: 'order.admin_created', to, userId: null });
  // Their rows written with the order's.
  return templatedBatchWrite(tx, letters, templates);
}

export interface StatusLetter {
  site: string;
  number: string;
  userId: number | null;
  customerName: string;
  phone: string;
  email: string | null;
  /** A path on the site: the account's order page or the guest's private link. */
  orderUrl: string;
  total: number;
  /** What the customer is told the order is now: «Отправлен», «Оплачен»… */
  statusLabel: string;
  /** A line for the letter: the track number, the reason of a cancel, the refund. */
  comment: string | null;
  /** The carrier's page where the parcel is followed (a shipped order handed to a carrier). */
  trackingUrl?: string | null;
}

/** The customer's e-mail and SMS (templates order.status_changed), in the change's transaction. */
export async function queueStatusLetters(tx: Tx, o: StatusLetter): Promise<void> {
  const values = {
    customerName: o.customerName,
    orderNumber: o.number,
    orderTotal: formatMoney(o.total),
    orderUrl: `${o.site}${o.orderUrl}`,
    orderStatus: o.statusLabel,
    statusComment: o.comment ?? '',
    trackingUrl: o.trackingUrl ?? '',
  };
  const shop = await settingsRow(tx);
  const message = { site: o.site, common: commonValues(shop, o.site), values, userId: o.userId };
  if (o.email) await enqueueTemplatedEmail(tx, { ...message, code: 'order.status_changed', to: o.email });
  await enqueueTemplatedSms(tx, { ...message, code: 'order.status_changed', to: o.phone });
}
