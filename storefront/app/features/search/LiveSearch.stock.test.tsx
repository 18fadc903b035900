import type { SearchProduct } from '@shop/schemas';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { LiveSearch, loadLiveSearchResults } from './LiveSearch';

const searchProducts = vi.fn();
vi.mock('../../lib/browser-api', () => ({ useApi: () => ({ catalog: { searchProducts } }) }));

const product = (id: number, title: string, inStock: boolean): SearchProduct => ({
  id,
  title,
  slug: `p-${id}`,
  url: `/catalog/kley/product/p-${id}`,
  announceImageUrl: null,
  benefitPercent: 0,
  diffPrice: 0,
  basePrice: 100000,
  salePrice: 100000,
  inStock,
  isNew: false,
  isHit: false,
  offersCount: 1,
  offerId: id,
});

describe('LiveSearch: what is out of stock', () => {
  // The results' module as a browser has it after the first use, so fake timers alone drive the panel.
  beforeAll(async () => {
    await loadLiveSearchResults();
  });

  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
    searchProducts.mockReset();
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('marks the results that are out of stock «Нет в наличии», and only those', async () => {
    searchProducts.mockResolvedValue({
      data: [product(1, 'Клей Velora Flex', true), product(2, 'Клей Miralash Turbo', false)],
      meta: { total: 2, page: 1, perPage: 7, searchedFor: null },
    });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const Stub = createRoutesStub([
      {
        path: '*',
        Component: () => (
          <QueryClientProvider client={client}>
            <LiveSearch />
          </QueryClientProvider>
        ),
      },
    ]);
    render(<Stub initialEntries={['/']} />);
    const input = screen.getByRole<HTMLInputElement>('combobox', { name: 'Поиск по каталогу' });
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'клей' } });
    for (const ms of [500, 0])
      await act(async () => {
        await vi.advanceTimersByTimeAsync(ms);
      });

    const sold = screen.getByRole('link', { name: /Клей Miralash Turbo/ });
    expect(within(sold).getByText('Нет в наличии')).toBeTruthy();
    expect(sold.textContent).toContain('Клей Miralash TurboНет в наличии');
    const available = screen.getByRole('link', { name: /Клей Velora Flex/ });
    expect(within(available).queryByText('Нет в наличии')).toBeNull();
    expect(screen.getAllByText('Нет в наличии')).toHaveLength(1);
    // «Все результаты» stays the panel's last link (kept in sight at its bottom by the styles).
    const links = screen.getAllByRole('link');
    expect(links.at(-1)!.textContent).toMatch(/^Все результаты: 2 товара/);
  });
});
