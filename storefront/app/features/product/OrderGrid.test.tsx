// «Заказ по длинам» in the browser (jsdom): a wrong quantity is said in Russian beside its cell and nothing is
// posted; Enter in a field posts every cell with pieces to the cart's action as one `add-many` form, and the
// toast says how many variants went in.
import type { CartState, ProductPage, ProductPageOffer } from '@shop/schemas';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CartActionResult } from '../cart';
import { ToastProvider } from '../../ui/Toast';
import { OrderGrid } from './OrderGrid';

const TITLES: Record<string, string> = { curl: 'Изгиб', thickness: 'Толщина', length: 'Длина' };
const offer = (id: number, length: string, stock: number): ProductPageOffer => ({
  id,
  article: `LB-C-010-${length}`,
  attributes: Object.entries({ curl: 'C', thickness: '0.10', length }).map(([code, value]) => ({
    code,
    title: TITLES[code]!,
    value,
    valueTitle: code === 'curl' ? value : `${value.replace('.', ',')} мм`,
  })),
  basePrice: 89000,
  salePrice: 89000,
  benefitPercent: 0,
  stock,
  inStock: stock > 0,
  active: true,
});
const offers = [offer(1, '9', 5), offer(2, '10', 0), offer(3, '11', 2), offer(4, '12', 8)];
const option = (code: string, values: string[]) => ({
  code,
  title: TITLES[code]!,
  values: values.map((v) => ({
    code: v,
    title: code === 'curl' ? v : `${v.replace('.', ',')} мм`,
    hex: null,
    hint: null,
  })),
});
const product = {
  id: 5,
  title: 'Ресницы Velora Silk',
  options: [option('curl', ['C']), option('thickness', ['0.10']), option('length', ['9', '10', '11', '12'])],
  offers,
} as unknown as ProductPage;

let posted: FormData[] = [];
beforeEach(() => {
  posted = [];
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      observe() {}
      disconnect() {}
    },
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function renderGrid() {
  const Stub = createRoutesStub([
    {
      path: '/product',
      Component: () => (
        <ToastProvider>
          <OrderGrid product={product} />
        </ToastProvider>
      ),
    },
    {
      path: '/cart',
      action: async ({ request }): Promise<CartActionResult> => {
        const form = await request.formData();
        posted.push(form);
        return {
          intent: 'add-many',
          ok: true,
          message: null,
          lineId: null,
          offerId: null,
          quantity: 3,
          variants: 2,
          title: form.get('title') as string,
          price: null,
          cart: { items: [] } as unknown as CartState,
        };
      },
    },
  ]);
  render(<Stub initialEntries={['/product']} />);
  await screen.findByRole('heading', { name: 'Заказ по длинам' });
}

const field = (name: RegExp) => screen.getByRole<HTMLInputElement>('textbox', { name });
const gridForm = () => document.querySelector('form')!;

describe('OrderGrid', () => {
  it('says a wrong quantity beside its cell and posts nothing', async () => {
    await renderGrid();
    // The sold-out length has no field: the keyboard passes over it.
    expect(screen.queryByRole('textbox', { name: /, 10 мм/ })).toBeNull();
    fireEvent.change(field(/^C 0,10 мм, 11 мм/), { target: { value: '3' } });
    fireEvent.change(field(/^C 0,10 мм, 9 мм/), { target: { value: '-1' } });
    fireEvent.submit(gridForm());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('C 0,10 мм, 9 мм: количество не может быть меньше нуля');
    expect(alert.textContent).toContain('C 0,10 мм, 11 мм: в наличии только 2 шт.');
    expect(field(/^C 0,10 мм, 9 мм/).getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(field(/^C 0,10 мм, 9 мм/));
    // Nothing at all typed is said too.
    fireEvent.change(field(/^C 0,10 мм, 9 мм/), { target: { value: '' } });
    fireEvent.change(field(/^C 0,10 мм, 11 мм/), { target: { value: '' } });
    expect(screen.getByRole('alert').textContent).toBe('Укажите количество хотя бы одного варианта');
    expect(posted).toHaveLength(0);
  });

  it('posts every cell with pieces as one add-many form, and the toast counts the variants', async () => {
    await renderGrid();
    fireEvent.change(field(/^C 0,10 мм, 9 мм/), { target: { value: '2' } });
    fireEvent.change(field(/^C 0,10 мм, 12 мм/), { target: { value: '1' } });
    expect(screen.getByText('2 варианта, 3 шт.')).toBeTruthy();
    await act(async () => {
      fireEvent.submit(gridForm());
    });
    await waitFor(() => expect(posted).toHaveLength(1));
    const form = posted[0]!;
    expect(form.get('intent')).toBe('add-many');
    expect(Object.fromEntries([...form.entries()].filter(([k]) => k.startsWith('qty.')))).toEqual({
      'qty.1': '2',
      'qty.3': '',
      'qty.4': '1',
    });
    const toast = await screen.findByText(/^Добавлено в корзину/);
    expect(toast.textContent).toBe('Добавлено в корзину: Ресницы Velora Silk — 2 варианта, 3 шт.');
    // The grid is empty again for the next order.
    expect(field(/^C 0,10 мм, 9 мм/).value).toBe('');
  });
});
