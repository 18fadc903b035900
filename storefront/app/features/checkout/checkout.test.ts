// @vitest-environment node
// The checkout's rules without a server: the terms as people say them, the address a delivery kind needs,
// the form as the action reads it (a recount included), the body sent to POST /api/orders, and where a
// placed order leads.
import { describe, expect, it } from 'vitest';
import {
  EMPTY_CHECKOUT,
  checkoutProblems,
  checkoutSuccessPath,
  companyId,
  deliveryPriceText,
  deliveryTerms,
  orderRequest,
  nextStepsText,
  paymentKindOf,
  type CheckoutValues,
} from './checkout';
import { placedOrderPath } from '../account';
import { checkoutSearch, checkoutValuesFrom, readCheckoutForm, serviceId } from './checkout-form';

const filled: CheckoutValues = {
  ...EMPTY_CHECKOUT,
  customerName: ' Анна Петрова ',
  customerPhone: '+7 (916) 123-45-01',
  customerEmail: 'anna@mail.ru ',
  deliveryCity: 'Москва',
  deliveryPostalCode: '101000',
  deliveryAddress: 'ул. Летниковская, 10',
  deliveryPickupPoint: 'MSK123',
  consent: true,
};

describe('deliveryTerms', () => {
  it('writes days as people say them', () => {
    expect(deliveryTerms(1, 2)).toBe('1–2 дня');
    expect(deliveryTerms(5, 14)).toBe('5–14 дней');
    expect(deliveryTerms(1, 1)).toBe('1 день');
    expect(deliveryTerms(0, 0)).toBe('в день заказа');
    expect(deliveryTerms(0, 1)).toBe('в день заказа или на следующий день');
    expect(deliveryTerms(0, 21)).toBe('до 21 дня');
    expect(deliveryTerms(3, 3)).toBe('3 дня');
    expect(deliveryTerms(null, 3)).toBe('до 3 дней');
    expect(deliveryTerms(2, null)).toBe('от 2 дней');
    expect(deliveryTerms(null, null)).toBeNull();
  });

  it('says «Бесплатно» for a delivery that costs nothing', () => {
    expect(deliveryPriceText({ cost: 0 })).toBe('Бесплатно');
    expect(deliveryPriceText({ cost: 35000 })).toBe('350\u00a0₽');
  });
});

describe('the form', () => {
  it('reads a sent form, cutting long text, and an unticked box as «no»', () => {
    const form = new FormData();
    form.set('customerName', 'Анна');
    form.set('comment', 'x'.repeat(3000));
    form.set('asOrganization', '1');
    const values = checkoutValuesFrom(form);
    expect(values.customerName).toBe('Анна');
    expect(values.customerEmail).toBe('');
    expect(values.comment).toHaveLength(2000);
    expect(values.asOrganization).toBe(true);
    expect(values.consent).toBe(false);
  });

  it('reads «Пересчитать» as a recount with what was typed, the services and the same key', () => {
    const form = new FormData();
    form.set('intent', 'recount');
    form.set('idempotencyKey', 'k-1');
    form.set('expectedTotal', '504000');
    form.set('delivery', '4');
    form.set('payment', '1');
    form.set('customerName', 'Без Скриптов');
    form.set('customerPhone', '+7 (999) 123-45-67');
    form.set('deliveryAddress', 'ул. Летниковская, 10');
    form.set('consent', '1');
    const recount = readCheckoutForm(form);
    expect(recount).toEqual({
      recount: true,
      values: {
        ...EMPTY_CHECKOUT,
        customerName: 'Без Скриптов',
        customerPhone: '+7 (999) 123-45-67',
        deliveryAddress: 'ул. Летниковская, 10',
        consent: true,
      },
      deliveryServiceId: 4,
      paymentServiceId: 1,
      idempotencyKey: 'k-1',
      expectedTotal: 504000,
    });
    // The page is then re-priced through the address with the services only: nothing typed goes there.
    expect(checkoutSearch(recount.deliveryServiceId, recount.paymentServiceId)).toBe('?delivery=4&payment=1');
  });

  it('reads «Подтвердить заказ» (no intent) as placing, and leaves out what is not a number or a key', () => {
    const form = new FormData();
    form.set('intent', 'something');
    form.set('delivery', 'abc');
    form.set('expectedTotal', '-5');
    form.set('idempotencyKey', 'x'.repeat(300));
    const placing = readCheckoutForm(form);
    expect(placing.recount).toBe(false);
    expect(placing.deliveryServiceId).toBeUndefined();
    expect(placing.paymentServiceId).toBeUndefined();
    expect(placing.expectedTotal).toBeUndefined();
    expect(placing.idempotencyKey).toHaveLength(100);
    expect(readCheckoutForm(new FormData())).toMatchObject({
      recount: false,
      values: EMPTY_CHECKOUT,
      idempotencyKey: undefined,
      expectedTotal: undefined,
    });
  });

  it('takes only whole positive service ids', () => {
    expect(serviceId('3')).toBe(3);
    expect(serviceId(' 12 ')).toBe(12);
    for (const bad of ['0', '-1', '1.5', 'abc', '', null, undefined]) expect(serviceId(bad)).toBeUndefined();
    expect(checkoutSearch(1, 3)).toBe('?delivery=1&payment=3');
    expect(checkoutSearch(2, null)).toBe('?delivery=2');
    expect(checkoutSearch(null, null)).toBe('');
  });

  it('asks for the address the delivery kind needs, and nothing for self pickup', () => {
    const empty = { ...filled, deliveryCity: '', deliveryPostalCode: '12', deliveryAddress: ' ' };
    const online = { kind: 'online' as const };
    expect(Object.keys(checkoutProblems(empty, { kind: 'post' }, online)).sort()).toEqual([
      'deliveryAddress',
      'deliveryCity',
      'deliveryPostalCode',
    ]);
    expect(Object.keys(checkoutProblems(empty, { kind: 'courier' }, online)).sort()).toEqual([
      'deliveryAddress',
      'deliveryCity',
    ]);
    expect(checkoutProblems({ ...empty, deliveryPickupPoint: '' }, { kind: 'pickup_point' }, online)).toEqual(
      {
        deliveryCity: 'Укажите город',
        deliveryPickupPoint: 'Выберите пункт выдачи',
      },
    );
    expect(checkoutProblems(empty, { kind: 'self_pickup' }, online)).toEqual({});
  });

  it('says every missing contact, choice and the consent at once', () => {
    expect(Object.keys(checkoutProblems(EMPTY_CHECKOUT, undefined, undefined)).sort()).toEqual([
      'consent',
      'customerEmail',
      'customerName',
      'customerPhone',
      'deliveryServiceId',
      'paymentServiceId',
    ]);
    expect(
      checkoutProblems(
        { ...filled, customerPhone: '+7 (916) 123-4' },
        { kind: 'courier' },
        { kind: 'online' },
      ),
    ).toHaveProperty('customerPhone');
  });
});

describe('orderRequest', () => {
  it('sends the phone as digits, only the address fields of the kind, and the total seen', () => {
    const body = orderRequest(
      { ...filled, comment: '  ' },
      {
        delivery: { id: 3, kind: 'courier' },
        payment: { id: 1, kind: 'on_delivery' },
        organizationId: 7,
        expectedTotal: 504000,
      },
    );
    expect(body).toEqual({
      customerName: 'Анна Петрова',
      customerPhone: '+79161234501',
      customerEmail: 'anna@mail.ru',
      deliveryServiceId: 3,
      paymentServiceId: 1,
      deliveryCity: 'Москва',
      deliveryAddress: 'ул. Летниковская, 10',
      expectedTotal: 504000,
      consent: true,
    });
  });

  it('names the organisation when buying as one, and always for an invoice', () => {
    const choice = { delivery: { id: 4, kind: 'self_pickup' as const }, organizationId: 7, expectedTotal: 1 };
    expect(
      orderRequest({ ...filled, asOrganization: true }, { ...choice, payment: { id: 1, kind: 'online' } }),
    ).toHaveProperty('organizationId', 7);
    expect(orderRequest(filled, { ...choice, payment: { id: 2, kind: 'invoice' } })).toHaveProperty(
      'organizationId',
      7,
    );
    expect(orderRequest(filled, { ...choice, payment: { id: 1, kind: 'online' } })).not.toHaveProperty(
      'organizationId',
    );
  });

  it('reads an organisation id only when the API gives one', () => {
    expect(companyId({ id: 7 })).toBe(7);
    expect(companyId({})).toBeNull();
    expect(companyId(null)).toBeNull();
  });
});

describe('after the order', () => {
  it('gives a guest the private link and a signed-in customer the account page', () => {
    const placed = { number: 'A-1', paymentKind: 'invoice' as const, accessKey: 'k 1' };
    expect(checkoutSuccessPath({ ...placed, orderUrl: '/orders/A-1?key=k%201' })).toBe(
      '/cart/order/success?number=A-1&payment=invoice&key=k+1',
    );
    expect(checkoutSuccessPath({ ...placed, orderUrl: '/profile/orders/A-1' })).toBe(
      '/cart/order/success?number=A-1&payment=invoice',
    );
    expect(placedOrderPath('A-1', 'k 1')).toBe('/orders/A-1?key=k%201');
    expect(placedOrderPath('A-1', null)).toBe('/profile/orders/A-1');
    expect(paymentKindOf('on_delivery')).toBe('on_delivery');
    expect(paymentKindOf('cash')).toBeNull();
  });

  it('offers an invoice that is already made out instead of promising it by e-mail', () => {
    expect(nextStepsText('invoice', true)).toBe(
      'Счёт на оплату уже готов: скачайте его ниже или со страницы заказа. Заказ отправим, когда деньги поступят на счёт.',
    );
    expect(nextStepsText('invoice', true)).not.toMatch(/пришл[её]м/);
    expect(nextStepsText('invoice', false)).toMatch(/появится на странице заказа/);
  });
});
