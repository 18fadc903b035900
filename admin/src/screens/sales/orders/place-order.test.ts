import { describe, expect, it } from 'vitest';
import {
  addLine,
  addressFieldsOf,
  customerContacts,
  customerOption,
  linesOfOrder,
  newIdempotencyKey,
  offerOf,
  placeOrderRequest,
  quoteRequest,
  variantText,
  type PlaceOrderValues,
} from './place-order';

const FILLED: PlaceOrderValues = {
  userId: 7,
  lines: [
    { article: ' LB-007 ', quantity: 2 },
    { article: '', quantity: 1 },
    { article: 'GL-1', quantity: null },
  ],
  couponCode: '  ',
  bonusPoints: 150,
  customerName: ' Анна Смирнова ',
  customerPhone: '+7 916 123-45-01',
  customerEmail: '',
  deliveryServiceId: 3,
  paymentServiceId: 4,
  deliveryCity: 'Москва',
  deliveryPostalCode: '101000',
  deliveryAddress: 'ул. Лесная, д. 5',
  deliveryPickupPoint: 'MSK-1',
  organizationId: 2,
  comment: 'Позвонить за час',
  managerComment: null,
};

describe('placeOrderRequest', () => {
  it('trims the texts, nulls the empty ones and leaves out rows without an article', () => {
    expect(placeOrderRequest(FILLED, 'courier')).toEqual({
      userId: 7,
      lines: [
        { article: 'LB-007', quantity: 2 },
        { article: 'GL-1', quantity: 1 },
      ],
      couponCode: null,
      bonusPoints: 150,
      customerName: 'Анна Смирнова',
      customerPhone: '+7 916 123-45-01',
      customerEmail: null,
      deliveryServiceId: 3,
      paymentServiceId: 4,
      deliveryCity: 'Москва',
      deliveryAddress: 'ул. Лесная, д. 5',
      organizationId: 2,
      comment: 'Позвонить за час',
      managerComment: null,
    });
  });

  it("sends only the address fields of the delivery's kind", () => {
    const keys = (kind: unknown) =>
      Object.keys(placeOrderRequest(FILLED, kind)).filter(
        (k) => k.startsWith('delivery') && k !== 'deliveryServiceId',
      );
    expect(keys('self_pickup')).toEqual([]);
    expect(keys('pickup_point')).toEqual(['deliveryCity', 'deliveryPickupPoint']);
    expect(keys('post')).toEqual(['deliveryCity', 'deliveryPostalCode', 'deliveryAddress']);
    // Not known yet: everything typed goes, and the server says what is missing.
    expect(keys(undefined)).toEqual(addressFieldsOf(undefined));
    expect(addressFieldsOf('teleport')).toHaveLength(4);
  });

  it('spends no points and names no organisation for a customer without an account', () => {
    const body = placeOrderRequest({ ...FILLED, userId: null }, 'self_pickup');
    expect(body).toMatchObject({ userId: null, bonusPoints: 0, organizationId: null });
  });
});

describe('newIdempotencyKey', () => {
  it('is a key the server takes, new each time', () => {
    const key = newIdempotencyKey();
    expect(key).toMatch(/^[A-Za-z0-9_.:-]{8,128}$/);
    expect(newIdempotencyKey()).not.toBe(key);
    expect(newIdempotencyKey((b) => b.fill(255))).toBe(`admin-order-${'ff'.repeat(16)}`);
  });
});

describe('customer', () => {
  const anna = { name: 'Анна', lastName: 'Смирнова', phone: '+79161234501', email: 'anna@example.ru' };

  it("fills the order's contacts from the account", () => {
    expect(customerContacts(anna)).toEqual({
      customerName: 'Анна Смирнова',
      customerPhone: '+79161234501',
      customerEmail: 'anna@example.ru',
    });
    expect(customerContacts({ name: 'Ольга', lastName: null, phone: null, email: 'o@example.ru' })).toEqual({
      customerName: 'Ольга',
      customerPhone: '',
      customerEmail: 'o@example.ru',
    });
  });

  it('reads as name and e-mail in the autocomplete', () => {
    expect(customerOption(anna)).toBe('Анна Смирнова — anna@example.ru');
    expect(customerOption({ name: 'Ольга', phone: '+79031234503' })).toBe('Ольга — +79031234503');
    expect(customerOption({ email: 'x@example.ru' })).toBe('x@example.ru');
  });
});

describe('offerOf', () => {
  const product = {
    id: 12,
    title: 'Ресницы черные D 0,07',
    active: true,
    offers: [
      { id: 31, article: 'LB-D-007-10', basePrice: 90000, salePrice: null, stock: 5, active: true },
      { id: 32, article: 'LB-D-007-11', basePrice: 90000, salePrice: 81000, stock: 0, active: true },
    ],
  };

  it("finds the article's offer with its catalogue price", () => {
    expect(offerOf(product, ' LB-D-007-10 ')).toEqual({
      offerId: 31,
      article: 'LB-D-007-10',
      productId: 12,
      title: 'Ресницы черные D 0,07',
      price: 90000,
      stock: 5,
      active: true,
    });
    expect(offerOf(product, 'LB-D-007-11')).toMatchObject({ price: 81000, stock: 0 });
    expect(offerOf({ ...product, active: false }, 'LB-D-007-11')).toMatchObject({ active: false });
  });

  it('finds nothing for another article or a product without offers', () => {
    expect(offerOf(product, 'LB-D-007')).toBeNull();
    expect(offerOf({ id: 1, title: 'Без вариантов' }, 'LB-D-007-10')).toBeNull();
  });
});

describe('quoteRequest', () => {
  it('prices what placing sends: the customer, lines, code, points, delivery and payment, the city the delivery needs', () => {
    expect(quoteRequest(FILLED, 'post')).toEqual({
      userId: 7,
      lines: [
        { article: 'LB-007', quantity: 2 },
        { article: 'GL-1', quantity: 1 },
      ],
      couponCode: null,
      bonusPoints: 150,
      customerPhone: '+7 916 123-45-01',
      customerEmail: null,
      deliveryServiceId: 3,
      paymentServiceId: 4,
      deliveryCity: 'Москва',
      deliveryPostalCode: '101000',
    });
    // Picked up at the shop: no city prices it; a courier needs the city but no postal code.
    expect(quoteRequest(FILLED, 'self_pickup')).toMatchObject({
      deliveryCity: null,
      deliveryPostalCode: null,
    });
    expect(quoteRequest(FILLED, 'courier')).toMatchObject({
      deliveryCity: 'Москва',
      deliveryPostalCode: null,
    });
  });

  it('asks nothing while there is no line, and leaves out a delivery or payment not chosen yet', () => {
    expect(quoteRequest({ ...FILLED, lines: [{ article: ' ', quantity: 1 }] }, 'courier')).toBeNull();
    expect(quoteRequest({ lines: [{ article: 'GL-1', quantity: 3 }] }, undefined)).toEqual({
      userId: null,
      lines: [{ article: 'GL-1', quantity: 3 }],
      couponCode: null,
      bonusPoints: 0,
      customerPhone: null,
      customerEmail: null,
      deliveryServiceId: null,
      paymentServiceId: null,
      deliveryCity: null,
      deliveryPostalCode: null,
    });
  });
});

describe('addLine and linesOfOrder', () => {
  it('adds to the line of the same article, else appends one; nothing for no article or quantity', () => {
    const lines = [{ article: 'GL-1', quantity: 1 }];
    expect(addLine(lines, 'GL-1', 2)).toEqual([{ article: 'GL-1', quantity: 3 }]);
    expect(addLine(lines, ' LB-007 ', 1)).toEqual([...lines, { article: 'LB-007', quantity: 1 }]);
    expect(addLine(lines, '', 1)).toEqual(lines);
    expect(addLine(lines, 'LB-007', 0)).toEqual(lines);
    expect(lines).toEqual([{ article: 'GL-1', quantity: 1 }]);
  });

  it("takes a past order's lines by article, merged, leaving out lines whose product is gone", () => {
    expect(
      linesOfOrder({
        number: '2026-000042',
        items: [
          { article: 'GL-1', quantity: 1 },
          { article: null, quantity: 4 },
          { article: 'LB-007', quantity: 2 },
          { article: 'GL-1', quantity: 2 },
        ],
      }),
    ).toEqual([
      { article: 'GL-1', quantity: 3 },
      { article: 'LB-007', quantity: 2 },
    ]);
    expect(linesOfOrder({})).toEqual([]);
  });

  it('names a variant by its characteristics as the live total does', () => {
    expect(
      variantText([
        { title: 'Изгиб', valueTitle: 'D' },
        { title: 'Длина', valueTitle: '11 мм' },
      ]),
    ).toBe('Изгиб: D, Длина: 11 мм');
    expect(variantText([])).toBe('');
  });
});
