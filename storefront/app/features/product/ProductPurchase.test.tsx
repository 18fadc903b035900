import type { CartState, ProductPage, ProductPageOffer } from '@shop/schemas';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CartActionResult } from '../cart';
import { ToastProvider } from '../../ui/Toast';
import { ProductPurchase } from './ProductPurchase';

// The sticky «В корзину» of a phone (issue 25): it adds only a variant the shopper chose; before that it
// brings the chooser into view and says what is left to choose; the toast names what was added.

const TITLES: Record<string, string> = { curl: 'Изгиб', thickness: 'Толщина', length: 'Длина' };

function offer(id: number, curl: string, thickness: string, length: string): ProductPageOffer {
  const values: Record<string, string> = { curl, thickness, length };
  return {
    id,
    article: `VS-${curl}-${thickness}-${length}`,
    attributes: Object.entries(values).map(([code, value]) => ({
      code,
      title: TITLES[code]!,
      value,
      valueTitle: code === 'length' ? `${value} мм` : value.replace('.', ','),
    })),
    basePrice: 99000,
    salePrice: code(curl),
    benefitPercent: 0,
    stock: 10,
    inStock: true,
    active: true,
  };
}
// D lashes cost more: the price before a choice is «от» the lowest.
const code = (curl: string) => (curl === 'D' ? 99000 : 89000);

const offers = [
  offer(11, 'C', '0.12', '9'),
  offer(12, 'C', '0.12', '10'),
  offer(13, 'C', '0.07', '9'),
  offer(14, 'D', '0.07', '10'),
];
const option = (c: string, values: string[]) => ({
  code: c,
  title: TITLES[c]!,
  values: values.map((v) => ({ code: v, title: v.replace('.', ','), hex: null, hint: null })),
});

const product = (over: Partial<ProductPage> = {}): ProductPage =>
  ({
    id: 5,
    title: 'Ресницы Velora Silk',
    slug: 'velora-silk',
    options: [
      option('curl', ['C', 'D']),
      option('thickness', ['0.07', '0.12']),
      option('length', ['9', '10']),
    ],
    offers,
    ...over,
  }) as ProductPage;

/** What the cart's action received, and its answer: the line of the offer it was sent. */
let posted: FormData[] = [];
function answer(form: FormData): CartActionResult {
  const id = Number(form.get('offerId'));
  const o = [...offers, single].find((x) => x.id === id)!;
  const attributes = Object.fromEntries(o.attributes.map((a) => [a.code, a.value]));
  return {
    intent: 'add',
    ok: true,
    message: null,
    lineId: 1,
    offerId: id,
    quantity: Number(form.get('quantity')),
    title: form.get('title') as string,
    price: o.salePrice,
    cart: {
      items: [{ offerId: id, productId: 5, title: form.get('title') as string, attributes, quantity: 1 }],
    } as unknown as CartState,
  };
}

const single: ProductPageOffer = { ...offer(21, 'C', '0.1', '8'), attributes: [] };

async function renderPage(p: ProductPage, initialOfferId: number | null = null) {
  const Stub = createRoutesStub([
    {
      path: '/product',
      Component: () => (
        <ToastProvider>
          <ProductPurchase product={p} initialOfferId={initialOfferId} />
        </ToastProvider>
      ),
    },
    {
      path: '/cart',
      action: async ({ request }) => {
        const form = await request.formData();
        posted.push(form);
        return answer(form);
      },
    },
  ]);
  render(<Stub initialEntries={['/product']} />);
  await screen.findAllByText('В корзину');
}

const bar = () => document.querySelector<HTMLElement>('.sticky-buy')!;
const stickyButton = () => within(bar()).getByText('В корзину', { selector: 'button' });
const chip = (group: string, value: string) =>
  within(screen.getByRole('group', { name: new RegExp(`^${group}:`) })).getByRole('button', { name: value });
const text = (el: Element) => el.textContent.replace(/[\u00a0\u202f]/g, ' ');

let scrolled: Element[] = [];
beforeEach(() => {
  posted = [];
  scrolled = [];
  // jsdom has no layout: record what was brought into view; the bar's measuring has nothing to observe.
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      disconnect() {}
    },
  );
  Element.prototype.scrollIntoView = vi.fn(function (this: Element) {
    scrolled.push(this);
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ProductPurchase: the sticky «В корзину»', () => {
  it('with several variants and none chosen, adds nothing: brings the chooser into view and says what to choose', async () => {
    await renderPage(product());
    // Nothing is chosen for the visitor; the price is the lowest possible.
    for (const group of ['Изгиб: не выбран', 'Толщина: не выбрана', 'Длина: не выбрана'])
      expect(screen.getByRole('group', { name: group })).toBeTruthy();
    expect(text(bar())).toContain('от 890 ₽');

    fireEvent.click(stickyButton());
    expect((await screen.findByRole('alert')).textContent).toBe('Выберите изгиб, толщину и длину');
    expect(scrolled).toEqual([document.querySelector('.chooser')]);
    expect(document.activeElement).toBe(screen.getByRole('group', { name: /^Изгиб:/ }));
    expect(posted).toHaveLength(0);

    // One choice made: only what is left is named, and the focus goes to it.
    fireEvent.click(chip('Изгиб', 'C'));
    expect(screen.getByRole('alert').textContent).toBe('Выберите толщину и длину');
    fireEvent.click(stickyButton());
    expect(document.activeElement).toBe(screen.getByRole('group', { name: /^Толщина:/ }));
    expect(posted).toHaveLength(0);
  });

  it('after the choice, adds the chosen variant and the toast names it', async () => {
    await renderPage(product());
    fireEvent.click(chip('Изгиб', 'C'));
    fireEvent.click(chip('Толщина', '0,12'));
    fireEvent.click(chip('Длина', '10'));
    expect(screen.queryByRole('alert')).toBeNull();
    await act(async () => {
      fireEvent.click(stickyButton());
    });
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]!.get('offerId')).toBe('12');
    expect(scrolled).toEqual([]);
    const toast = await screen.findByText(/^Добавлено в корзину/);
    expect(text(toast)).toBe('Добавлено в корзину: Ресницы Velora Silk, C 0,12 10 мм');
  });

  it('a link to a variant counts as chosen: it is added at once', async () => {
    await renderPage(product(), 13);
    await act(async () => {
      fireEvent.click(stickyButton());
    });
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]!.get('offerId')).toBe('13');
    expect(text(await screen.findByText(/^Добавлено в корзину/))).toBe(
      'Добавлено в корзину: Ресницы Velora Silk, C 0,07 9 мм',
    );
  });

  it('a product of one offer adds it directly', async () => {
    await renderPage(product({ options: [], offers: [single] }));
    await act(async () => {
      fireEvent.click(stickyButton());
    });
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]!.get('offerId')).toBe('21');
    expect(text(await screen.findByText(/^Добавлено в корзину/))).toBe(
      'Добавлено в корзину: Ресницы Velora Silk',
    );
  });
});
