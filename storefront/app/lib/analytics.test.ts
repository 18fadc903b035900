import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  reachGoal,
  setAnalyticsCounter,
  trackAdd,
  trackClick,
  trackDetail,
  trackImpressions,
  trackPageHit,
  trackPurchase,
  trackRemove,
} from './analytics';

const lashes = {
  id: 121,
  title: 'Ресницы Nordlash Silk, микс длин',
  price: 127000,
  category: 'Ресницы/Микс длин',
  brand: 'Nordlash',
};
const glue = { id: 7, title: 'Клей Miralash Pro', price: 99050 };

describe('Metrika e-commerce data layer', () => {
  beforeEach(() => {
    window.dataLayer = [];
  });

  it('impressions: the list with positions, prices in roubles', () => {
    trackImpressions([lashes, glue], 'Поиск');
    expect(window.dataLayer).toEqual([
      {
        ecommerce: {
          currencyCode: 'RUB',
          impressions: [
            {
              id: '121',
              name: 'Ресницы Nordlash Silk, микс длин',
              price: 1270,
              brand: 'Nordlash',
              category: 'Ресницы/Микс длин',
              list: 'Поиск',
              position: 1,
            },
            { id: '7', name: 'Клей Miralash Pro', price: 990.5, list: 'Поиск', position: 2 },
          ],
        },
      },
    ]);
  });

  it('no impressions event for an empty list', () => {
    trackImpressions([]);
    expect(window.dataLayer).toEqual([]);
  });

  it('detail and click: one product under products', () => {
    trackDetail({ ...lashes, variant: 'D 0,07 11 мм' });
    trackClick({ ...glue, position: 3, list: 'Каталог' });
    expect(window.dataLayer).toEqual([
      {
        ecommerce: {
          currencyCode: 'RUB',
          detail: {
            products: [
              {
                id: '121',
                name: 'Ресницы Nordlash Silk, микс длин',
                price: 1270,
                brand: 'Nordlash',
                category: 'Ресницы/Микс длин',
                variant: 'D 0,07 11 мм',
              },
            ],
          },
        },
      },
      {
        ecommerce: {
          currencyCode: 'RUB',
          click: {
            products: [{ id: '7', name: 'Клей Miralash Pro', price: 990.5, position: 3, list: 'Каталог' }],
          },
        },
      },
    ]);
  });

  it('add and remove carry the quantity (1 unless given)', () => {
    trackAdd({ ...glue, quantity: 3 });
    trackRemove(glue);
    expect(window.dataLayer).toEqual([
      {
        ecommerce: {
          currencyCode: 'RUB',
          add: { products: [{ id: '7', name: 'Клей Miralash Pro', price: 990.5, quantity: 3 }] },
        },
      },
      {
        ecommerce: {
          currencyCode: 'RUB',
          remove: { products: [{ id: '7', name: 'Клей Miralash Pro', price: 990.5, quantity: 1 }] },
        },
      },
    ]);
  });

  it('purchase: the order in actionField, then its products', () => {
    trackPurchase({
      orderId: 'A-1042',
      revenue: 353050,
      coupon: 'SPRING',
      items: [
        { ...lashes, quantity: 2 },
        { ...glue, quantity: 1 },
      ],
    });
    expect(window.dataLayer).toEqual([
      {
        ecommerce: {
          currencyCode: 'RUB',
          purchase: {
            actionField: { id: 'A-1042', revenue: 3530.5, coupon: 'SPRING' },
            products: [
              {
                id: '121',
                name: 'Ресницы Nordlash Silk, микс длин',
                price: 1270,
                brand: 'Nordlash',
                category: 'Ресницы/Микс длин',
                quantity: 2,
              },
              { id: '7', name: 'Клей Miralash Pro', price: 990.5, quantity: 1 },
            ],
          },
        },
      },
    ]);
  });

  it('creates window.dataLayer when the counter has not yet', () => {
    delete window.dataLayer;
    trackDetail(glue);
    expect(window.dataLayer).toHaveLength(1);
  });
});

describe('Metrika goals and hits', () => {
  const ym = vi.fn();
  beforeEach(() => {
    ym.mockReset();
    window.ym = ym;
  });
  afterEach(() => {
    delete window.ym;
    setAnalyticsCounter(null);
  });

  it('sends goals and hits to the configured counter', () => {
    setAnalyticsCounter('98765432');
    reachGoal('login');
    reachGoal('cart', { from: 'header' });
    trackPageHit('https://shop.example/catalog', { referer: 'https://shop.example/', title: 'Каталог' });
    expect(ym.mock.calls).toEqual([
      [98765432, 'reachGoal', 'login'],
      [98765432, 'reachGoal', 'cart', { from: 'header' }],
      [
        98765432,
        'hit',
        'https://shop.example/catalog',
        { referer: 'https://shop.example/', title: 'Каталог' },
      ],
    ]);
  });

  it('sends nothing without a counter, and never throws', () => {
    reachGoal('register');
    expect(ym).not.toHaveBeenCalled();
    setAnalyticsCounter(42);
    ym.mockImplementation(() => {
      throw new Error('blocked');
    });
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => reachGoal('register')).not.toThrow();
    error.mockRestore();
  });
});
