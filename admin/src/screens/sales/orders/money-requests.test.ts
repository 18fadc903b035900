// The money dialogs' requests: a cancel of a paid order says what happens to the money (through the provider,
// by hand with a sum in rubles, or held), an invoice payment is marked with its date and the order's sum, and
// a refund without a cancel sends the chosen pieces or a sum by hand, never more than is left.
import { describe, expect, it } from 'vitest';
import { formatRubles } from '../../../fields/money';
import { cancelMoneyChoices, chosenSum, moscowToday, refundRequest } from './money-requests';
import { actionRequest, type OrderView } from './order-screen';

type Line = OrderView['lines'][number];
const line = (id: number, quantity: number, payable: number, refundedQuantity = 0) =>
  ({ id, quantity, payable, refundedQuantity, total: payable, discountShare: 0, bonusShare: 0 }) as Line;

function order(
  kind: 'online' | 'invoice' | 'on_delivery',
  refundable: number,
  lines: Line[] = [],
): OrderView {
  return {
    payment: { kind, providerLabel: kind === 'online' ? 'ЮKassa' : null },
    money: { received: 300000, refunded: 300000 - refundable, refundPending: 0, refundable },
    totals: { total: 300000 },
    lines,
  } as OrderView;
}

const cancel = (view: OrderView, money: object) =>
  actionRequest('cancel', { comment: 'Нет в наличии', money }, true, view);

describe('cancelling a paid order', () => {
  it('offers the provider, by hand and held for an online order; returned or not for the others', () => {
    expect(cancelMoneyChoices(order('online', 300000)).map((c) => c.value)).toEqual([
      'provider',
      'manual',
      'none',
    ]);
    expect(cancelMoneyChoices(order('online', 300000))[0]!.label).toBe(
      `Вернуть ${formatRubles(300000)} через ЮKassa`,
    );
    expect(cancelMoneyChoices(order('invoice', 300000)).map((c) => c.label)).toEqual([
      'Да, деньги возвращены',
      'Нет, деньги пока у магазина',
    ]);
  });

  it('asks what happened to the money, and a sum in rubles up to what is left', () => {
    const paid = order('invoice', 300000);
    expect(cancel(paid, {})).toEqual({ error: 'Укажите, вернули ли деньги покупателю' });
    expect(cancel(paid, { method: 'manual', amount: '' })).toEqual({
      error: 'Укажите сумму возврата в рублях, например 1 250,50',
    });
    expect(cancel(paid, { method: 'manual', amount: '-5' })).toMatchObject({ error: /Укажите сумму/ });
    expect(cancel(paid, { method: 'manual', amount: '3 000,01' })).toEqual({
      error: `Вернуть можно не больше ${formatRubles(300000)}`,
    });
    expect(cancel(paid, { method: 'manual', amount: '2 999,5', note: ' Переводом ' })).toEqual({
      body: {
        action: 'cancel',
        comment: 'Нет в наличии',
        refund: { method: 'manual', amount: 299950, note: 'Переводом' },
      },
    });
    expect(cancel(paid, { method: 'none' })).toEqual({
      body: { action: 'cancel', comment: 'Нет в наличии', refund: { method: 'none' } },
    });
    // Nothing held: nothing asked.
    expect(cancel(order('online', 0), {})).toEqual({ body: { action: 'cancel', comment: 'Нет в наличии' } });
  });
});

describe('marking an invoice paid', () => {
  it('asks the day and the order’s sum; other payments are only confirmed', () => {
    const invoice = order('invoice', 0);
    const mark = (received: object, view = invoice) => actionRequest('markPaid', { received }, true, view);
    expect(mark({ amount: '3 000' })).toEqual({ error: 'Укажите дату поступления денег' });
    expect(mark({ paidOn: '2026-11-27', amount: '' })).toEqual({
      error: 'Укажите полученную сумму в рублях',
    });
    expect(mark({ paidOn: '2026-11-27', amount: '2 000' })).toEqual({
      error: `Сумма заказа — ${formatRubles(300000)}: отметьте оплату, когда придёт вся сумма`,
    });
    expect(mark({ paidOn: '2026-11-27', amount: '3 000,00' })).toEqual({
      body: { action: 'markPaid', payment: { paidOn: '2026-11-27', amount: 300000 } },
    });
    expect(mark({}, order('on_delivery', 0))).toEqual({ body: { action: 'markPaid' } });
    expect(moscowToday(new Date('2026-11-27T21:30:00Z'))).toBe('2026-11-28');
  });
});

describe('a refund without a cancel', () => {
  // 1 000 ₽ for three pieces, one already back; 500 ₽ for one.
  const view = order('online', 116667, [line(1, 3, 100000, 1), line(2, 1, 50000)]);

  it('costs the chosen pieces as the receipt priced them, never more than are left', () => {
    expect(chosenSum(view, { 1: 2 })).toBe(66666);
    expect(chosenSum(view, { 1: 5, 2: 1 })).toBe(116666);
    expect(refundRequest(view, { method: 'provider', pieces: { 1: 5, 2: 0 }, restock: true })).toEqual({
      body: { method: 'provider', lines: [{ orderItemId: 1, quantity: 2 }], restock: true },
    });
  });

  it('without lines: a sum returned by hand only', () => {
    expect(refundRequest(view, { method: 'provider', pieces: {}, restock: false })).toEqual({
      error: 'Выберите позиции, которые возвращаете',
    });
    expect(refundRequest(view, { method: 'manual', pieces: {}, restock: false })).toEqual({
      error: 'Выберите позиции или укажите сумму, которую вы вернули',
    });
    expect(refundRequest(view, { method: 'manual', pieces: {}, restock: false, amount: '2 000' })).toEqual({
      error: `Вернуть можно не больше ${formatRubles(116667)}`,
    });
    expect(
      refundRequest(view, { method: 'manual', pieces: {}, restock: false, amount: '500', note: 'Наличными' }),
    ).toEqual({ body: { method: 'manual', amount: 50000, note: 'Наличными' } });
  });
});
