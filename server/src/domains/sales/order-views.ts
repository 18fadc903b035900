// The orders list's views (x-list.views in orders.schema.json): selections a filter of the order's own fields
// cannot say, because they depend on the kind of its payment service. The list offers them as «Подборка», and
// the desktop's «Сегодня» counts and links to them (dashboard.ts), so the figure and the list are one query.
import { sql } from 'drizzle-orm';
import { orders } from '../../../generated/tables';
import type { ListView } from '../../platform/crud/types';

/** The order's payment service is paid on delivery (the courier or the shop takes the money). */
const paidOnDelivery = sql`${orders.paymentServiceId} IN (SELECT id FROM payment_services WHERE kind = 'on_delivery')`;

/**
 * «К отправке»: the orders the shop may ship now, as the order rules say (order-rules.ts verdictOf, action
 * ship): paid ones, and confirmed ones paid on delivery.
 */
export const toShip: ListView = () =>
  sql`(${orders.status} = 'paid' OR (${orders.status} = 'confirmed' AND ${paidOnDelivery}))`;

/**
 * «Ждут оплаты»: orders not canceled, not yet paid, whose money must come before they are shipped (online or by
 * invoice): new or confirmed, and not paid on delivery.
 */
export const awaitingPayment: ListView = () =>
  sql`(${orders.status} IN ('new', 'confirmed') AND ${orders.paymentStatus} <> 'paid' AND NOT coalesce(${paidOnDelivery}, false))`;
