// The order's transition table, every cell: (status, action, role, way of paying) → the status it leads to,
// or a refusal in Russian. The allowed cells are written out here by hand, from docs/payments.md's table,
// not computed from the rules under test; every other cell must be refused with a sentence a manager can act on.
import { describe, expect, it } from 'vitest';
import {
  ORDER_ACTIONS,
  paymentStatusFits,
  verdictOf,
  type ActorRole,
  type OrderStatus,
  type PaymentKind,
  type PaymentStatus,
} from '../src/domains/sales/order-rules';

const STATUSES: OrderStatus[] = ['new', 'confirmed', 'paid', 'shipped', 'completed', 'canceled'];
const ROLES: ActorRole[] = ['admin', 'manager', 'content', 'customer', 'system'];
const KINDS: PaymentKind[] = ['online', 'on_delivery', 'invoice'];

/** What a status's order is usually paid as: the rules look at it for markPaid, ship and the customer. */
const PAYMENT_OF: Record<OrderStatus, PaymentStatus> = {
  new: 'unpaid',
  confirmed: 'unpaid',
  paid: 'paid',
  shipped: 'paid',
  completed: 'paid',
  canceled: 'unpaid',
};

/** "status action kinds… → to" for the staff (admin and manager alike); the customer's one cell apart. */
const STAFF_ALLOWED = [
  'new confirm online,on_delivery,invoice → confirmed',
  'new markPaid on_delivery,invoice → paid',
  'new cancel online,on_delivery,invoice → canceled',
  'confirmed markPaid on_delivery,invoice → paid',
  'confirmed ship on_delivery → shipped',
  'confirmed cancel online,on_delivery,invoice → canceled',
  'paid ship online,on_delivery,invoice → shipped',
  'paid cancel online,on_delivery,invoice → canceled',
  'shipped complete online,on_delivery,invoice → completed',
];
const CUSTOMER_ALLOWED = ['new cancel online,on_delivery,invoice → canceled'];
/** The shop on a carrier's word: ships what the carrier took, completes what it handed over. */
const SYSTEM_ALLOWED = [
  'confirmed ship on_delivery → shipped',
  'paid ship online,on_delivery,invoice → shipped',
  'shipped complete online,on_delivery,invoice → completed',
];

function expected(status: OrderStatus, action: string, role: ActorRole, kind: PaymentKind): string | null {
  const table =
    role === 'admin' || role === 'manager'
      ? STAFF_ALLOWED
      : role === 'customer'
        ? CUSTOMER_ALLOWED
        : role === 'system'
          ? SYSTEM_ALLOWED
          : [];
  for (const cell of table) {
    const [from, act, kinds, , to] = cell.split(' ');
    if (from === status && act === action && kinds!.split(',').includes(kind)) return to!;
  }
  return null;
}

describe('the order transition table', () => {
  const cells = STATUSES.flatMap((status) =>
    ORDER_ACTIONS.flatMap((action) =>
      ROLES.flatMap((role) => KINDS.map((kind) => ({ status, action, role, kind }))),
    ),
  );

  it(`has ${cells.length} cells, each allowed as written or refused in Russian`, () => {
    const wrong: string[] = [];
    for (const { status, action, role, kind } of cells) {
      const verdict = verdictOf(
        { status, paymentStatus: PAYMENT_OF[status], paymentKind: kind, deliveryKind: 'courier' },
        action,
        role,
      );
      const want = expected(status, action, role, kind);
      const got = verdict.allowed ? verdict.to : null;
      if (got !== want) wrong.push(`${status} ${action} ${role} ${kind}: expected ${want}, got ${got}`);
      if (!verdict.allowed && !/^[А-ЯЁ][а-яё].*[а-яё»)]$/.test(verdict.message))
        wrong.push(`${status} ${action} ${role} ${kind}: «${verdict.message}» is not a Russian sentence`);
    }
    expect(wrong).toEqual([]);
    expect(cells).toHaveLength(6 * 5 * 5 * 3);
  });

  it('says why, in words a manager can act on', () => {
    const order = (
      status: OrderStatus,
      kind: PaymentKind = 'online',
      paymentStatus = PAYMENT_OF[status],
    ) => ({
      status,
      paymentStatus,
      paymentKind: kind,
      deliveryKind: 'courier' as const,
    });
    const message = (v: ReturnType<typeof verdictOf>) => (v.allowed ? null : v.message);
    expect(message(verdictOf(order('new'), 'complete', 'admin'))).toBe(
      'Из статуса «Новый» нельзя перейти в «Выполнен»',
    );
    expect(message(verdictOf(order('confirmed'), 'ship', 'manager'))).toBe(
      'Заказ ещё не оплачен: отправить можно после оплаты (или при оплате при получении)',
    );
    expect(message(verdictOf(order('new'), 'markPaid', 'admin'))).toBe(
      'Онлайн-оплату отмечает платёжный сервис: заказ станет оплаченным, когда деньги поступят',
    );
    expect(message(verdictOf(order('canceled'), 'confirm', 'admin'))).toBe(
      'Заказ отменён: его статус больше не меняется',
    );
    expect(message(verdictOf(order('completed'), 'cancel', 'admin'))).toBe(
      'Заказ выполнен: его статус больше не меняется',
    );
    expect(message(verdictOf(order('confirmed'), 'cancel', 'customer'))).toBe(
      'Заказ в статусе «Подтверждён» отменить самому нельзя: позвоните или напишите нам',
    );
    expect(message(verdictOf(order('new', 'online', 'paid'), 'cancel', 'customer'))).toBe(
      'Заказ уже оплачен: чтобы отменить его и вернуть деньги, свяжитесь с нами',
    );
    expect(message(verdictOf(order('new'), 'confirm', 'content'))).toBe(
      'Заказами занимаются администратор и менеджер',
    );
    expect(message(verdictOf(order('paid'), 'cancel', 'system'))).toBe(
      'Это действие выполняет сотрудник магазина',
    );
    expect(message(verdictOf(order('confirmed'), 'ship', 'system'))).toBe(
      'Заказ ещё не оплачен: отправить можно после оплаты (или при оплате при получении)',
    );
  });

  it('relates the status and the payment state', () => {
    expect(paymentStatusFits('paid', 'paid', 'online')).toBe(true);
    expect(paymentStatusFits('paid', 'unpaid', 'invoice')).toBe(false);
    expect(paymentStatusFits('shipped', 'unpaid', 'on_delivery')).toBe(true);
    expect(paymentStatusFits('shipped', 'unpaid', 'online')).toBe(false);
    // Canceled with the money held by the shop (not returned, or returned in part): the history says so.
    expect(paymentStatusFits('canceled', 'paid', 'invoice')).toBe(true);
    expect(paymentStatusFits('canceled', 'pending', 'online')).toBe(false);
    expect(paymentStatusFits('canceled', 'refunded', 'online')).toBe(true);
    expect(paymentStatusFits('new', 'pending', 'online')).toBe(true);
    expect(paymentStatusFits('completed', 'unpaid', 'on_delivery')).toBe(false);
  });
});
