// What the account's lists say beside a status and a bonus entry: nothing twice.
import { describe, expect, it } from 'vitest';
import { bonusReason, paymentNote } from './order-lists';

describe('paymentNote', () => {
  it('leaves out a payment state the status badge already says («Оплачен · Оплачен»)', () => {
    expect(paymentNote({ statusLabel: 'Оплачен', paymentStatusLabel: 'Оплачен' })).toBeNull();
  });

  it('shows the payment state when it adds something', () => {
    expect(paymentNote({ statusLabel: 'Отправлен', paymentStatusLabel: 'Оплачен' })).toBe('Оплачен');
    expect(paymentNote({ statusLabel: 'Новый', paymentStatusLabel: 'Не оплачен' })).toBe('Не оплачен');
  });
});

describe('bonusReason', () => {
  const spent = { kindLabel: 'Оплата заказа', orderNumber: '1042' };

  it('leaves out a reason that repeats the kind and the order («Оплата заказа № 1042»)', () => {
    expect(bonusReason({ ...spent, reason: 'Оплата заказа № 1042' })).toBeNull();
    expect(bonusReason({ ...spent, reason: 'Оплата заказа №1042.' })).toBeNull();
    expect(bonusReason({ ...spent, reason: null })).toBeNull();
  });

  it('keeps a reason that says something of its own', () => {
    expect(
      bonusReason({ kindLabel: 'Начисление', orderNumber: null, reason: 'Подарок ко дню рождения' }),
    ).toBe('Подарок ко дню рождения');
    expect(bonusReason({ ...spent, reason: 'Возврат за отменённый заказ № 1042' })).toBe(
      'Возврат за отменённый заказ № 1042',
    );
  });
});
