// The order screen's pure parts: the action bodies with the dialogs' checks, the address lines, the late
// notifications, and the draft of the lines (steppers, removal, an offer added by article) with its request.
import { describe, expect, it } from 'vitest';
import {
  actionRequest,
  addOffer,
  addressLines,
  draftChanged,
  draftOf,
  lateNotifications,
  linesRequest,
  moscowTime,
  removeLine,
  setQuantity,
  type OrderView,
} from './order-screen';

type Line = OrderView['lines'][number];

const line = (over: Partial<Line>): Line => ({
  id: 1,
  productId: 10,
  offerId: 100,
  image: '/uploads/demo/a.webp',
  title: 'Ресницы',
  article: 'LB-1',
  attributes: {},
  attributeLabels: [],
  listPrice: 100000,
  price: 90000,
  quantity: 2,
  total: 180000,
  discountShare: 0,
  bonusShare: 0,
  payable: 180000,
  refundedQuantity: 0,
  ...over,
});

describe('actionRequest', () => {
  it('asks a track number to ship where the delivery needs one, and sends it trimmed', () => {
    expect(actionRequest('ship', { trackNumber: '  ' }, true)).toEqual({
      error: 'Укажите трек-номер отправления',
    });
    expect(actionRequest('ship', { trackNumber: ' RA123456789RU ' }, true)).toEqual({
      body: { action: 'ship', trackNumber: 'RA123456789RU' },
    });
    // The shop's own pickup ships without one.
    expect(actionRequest('ship', {}, false)).toEqual({ body: { action: 'ship' } });
  });

  it('asks the reason of a cancel; other actions go as they are', () => {
    expect(actionRequest('cancel', { comment: ' ' }, true)).toEqual({
      error: 'Укажите причину отмены: её увидит покупатель',
    });
    expect(actionRequest('cancel', { comment: ' Нет в наличии ' }, true)).toEqual({
      body: { action: 'cancel', comment: 'Нет в наличии' },
    });
    expect(actionRequest('confirm', { trackNumber: 'X' }, true)).toEqual({ body: { action: 'confirm' } });
  });
});

it('writes the address as lines and finds the notifications that came after a cancel', () => {
  const delivery = {
    serviceId: 1,
    title: 'Почта России',
    kind: 'post',
    kindLabel: 'Почта',
    city: 'Казань',
    postalCode: '420111',
    address: 'ул. Баумана, 1',
    pickupPoint: null,
    point: null,
    date: null,
    timeSlot: null,
    pickupAddress: null,
    trackNumber: null,
    price: 30000,
  } satisfies OrderView['delivery'];
  expect(addressLines(delivery)).toEqual(['420111, Казань', 'ул. Баумана, 1']);
  // A point typed by hand is its code; one chosen from the carrier's list is shown with its own address.
  const toPoint = { ...delivery, kind: 'pickup_point' as const, address: null, pickupPoint: 'KZN45' };
  expect(addressLines(toPoint)).toEqual(['420111, Казань', 'Пункт выдачи: KZN45']);
  const point = { code: 'KZN45', name: 'На Баумана', address: 'Казань, ул. Баумана, 19', workTime: null };
  expect(addressLines({ ...toPoint, point })).toEqual(['420111, Казань']);
  expect(
    addressLines({
      ...delivery,
      kind: 'self_pickup',
      city: null,
      postalCode: null,
      address: null,
      pickupAddress: 'Москва, ул. Лесная, 5',
    }),
  ).toEqual(['Самовывоз: Москва, ул. Лесная, 5']);
  const n = (id: number, outcome: OrderView['notifications'][number]['outcome']) => ({
    id,
    event: 'payment.succeeded',
    outcome,
    outcomeLabel: '',
    providerPaymentId: null,
    message: null,
    createdAt: '2026-11-25T10:00:00Z',
  });
  const view = { notifications: [n(1, 'applied'), n(2, 'late'), n(3, 'duplicate')] } as OrderView;
  expect(lateNotifications(view).map((x) => x.id)).toEqual([2]);
  expect(moscowTime('2026-11-25T10:07:00Z')).toBe('25.11.2026, 13:07');
});

describe('the lines draft', () => {
  const lines = [
    line({ id: 1, offerId: 100, quantity: 2 }),
    line({ id: 2, offerId: 200, quantity: 1, title: 'Клей' }),
  ];
  const found = {
    offerId: 300,
    article: 'GL-1',
    productId: 30,
    title: 'Клей чёрный',
    price: 50000,
    stock: 4,
    active: true,
  };

  it('changes quantities within 1…9999, removes lines, adds an offer or adds up to one already there', () => {
    let draft = draftOf(lines);
    expect(draftChanged(lines, draft)).toBe(false);
    draft = setQuantity(draft, 100, 5);
    draft = setQuantity(draft, 200, 0);
    expect(draft.map((l) => l.quantity)).toEqual([5, 1]);
    expect(setQuantity(draft, 100, 123456)[0]!.quantity).toBe(9999);
    expect(setQuantity(draft, 100, Number.NaN)).toBe(draft);
    draft = addOffer(draft, found, 2);
    draft = addOffer(draft, { ...found, offerId: 100 }, 1);
    draft = removeLine(draft, 200);
    expect(draft.map((l) => [l.offerId, l.quantity, l.added])).toEqual([
      [100, 6, false],
      [300, 2, true],
    ]);
    expect(draftChanged(lines, draft)).toBe(true);
    expect(linesRequest(draft)).toEqual({
      lines: [
        { offerId: 100, quantity: 6 },
        { offerId: 300, quantity: 2 },
      ],
    });
    expect(linesRequest(draft, '  Добавили клей ')).toMatchObject({ comment: 'Добавили клей' });
    expect(linesRequest(draft, '  ')).not.toHaveProperty('comment');
  });

  it('leaves out lines that are no catalogue offer', () => {
    expect(draftOf([line({ offerId: null })])).toEqual([]);
  });
});
