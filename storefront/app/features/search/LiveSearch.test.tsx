import type { SearchProduct } from '@shop/schemas';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createRoutesStub, useLocation } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { LiveSearch, loadLiveSearchResults } from './LiveSearch';
import { NOTHING_FOUND } from './live-search-rules';

const searchProducts = vi.fn();
vi.mock('../../lib/browser-api', () => ({ useApi: () => ({ catalog: { searchProducts } }) }));

const product = (id: number, extra: Partial<SearchProduct> = {}): SearchProduct => ({
  id,
  title: `Ресницы ${id}`,
  slug: `resnitsy-${id}`,
  url: `/catalog/resnitsy/product/resnitsy-${id}`,
  announceImageUrl: `/uploads/${id}.webp`,
  benefitPercent: 0,
  diffPrice: 0,
  basePrice: 100000,
  salePrice: 100000,
  inStock: true,
  isNew: false,
  isHit: false,
  offersCount: 1,
  offerId: id,
  ...extra,
});

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

function renderSearch() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const Stub = createRoutesStub([
    {
      path: '*',
      Component: () => (
        <QueryClientProvider client={client}>
          <LiveSearch />
          <Where />
        </QueryClientProvider>
      ),
    },
  ]);
  render(<Stub initialEntries={['/catalog']} />);
  return screen.getByRole<HTMLInputElement>('combobox', { name: 'Поиск по каталогу' });
}

/** Lets the debounce pass and the query's promise settle. */
async function wait(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

// First in the file: the results' module (React Query with it) has not been loaded yet.
describe('LiveSearch before its results have loaded', () => {
  afterEach(() => {
    cleanup();
    searchProducts.mockReset();
  });

  it('shows the skeleton, loads the results on first use, then shows them', async () => {
    searchProducts.mockResolvedValue({ data: [product(1)], meta: { total: 1, page: 1, perPage: 7 } });
    const input = renderSearch();
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'ресницы' } });
    expect(document.querySelector('.live-search__skeleton')).not.toBeNull();
    expect(await screen.findByRole('link', { name: /Ресницы 1/ }, { timeout: 3_000 })).toBeTruthy();
    expect(searchProducts).toHaveBeenCalledOnce();
  });
});

describe('LiveSearch', () => {
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

  it('asks for the first 7 results 500 ms after typing stops, with a skeleton meanwhile', async () => {
    searchProducts.mockResolvedValue({
      data: [
        product(1, { benefitPercent: 10, basePrice: 141000, salePrice: 127000, offersCount: 6 }),
        product(2),
      ],
      meta: { total: 2, page: 1, perPage: 7 },
    });
    const input = renderSearch();
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'рес' } });
    await wait(300);
    fireEvent.change(input, { target: { value: ' ресницы ' } });
    await wait(499);
    expect(searchProducts).not.toHaveBeenCalled();
    expect(document.querySelector('.live-search__skeleton')).not.toBeNull();
    await wait(1);
    expect(searchProducts).toHaveBeenCalledOnce();
    expect(searchProducts).toHaveBeenCalledWith({ search: 'ресницы', perPage: 7, page: 1 });
    await wait(0);

    const first = screen.getByRole('link', { name: /Ресницы 1/ });
    expect(first.getAttribute('href')).toBe('/catalog/resnitsy/product/resnitsy-1');
    // Sale price, the old price struck through, and the discount.
    expect(first.textContent).toContain('от 1\u202f270\u00a0₽');
    expect(first.querySelector('s')?.textContent).toContain('1\u202f410\u00a0₽');
    expect(first.textContent).toContain('\u221210\u00a0%');
    expect(screen.getByRole('link', { name: /Все результаты: 2 товара/ }).getAttribute('href')).toBe(
      '/search?qwery=%D1%80%D0%B5%D1%81%D0%BD%D0%B8%D1%86%D1%8B',
    );
  });

  it('says "более" when the API stopped counting', async () => {
    searchProducts.mockResolvedValue({
      data: [product(1)],
      meta: { total: 1000, page: 1, perPage: 7, totalCapped: true },
    });
    const input = renderSearch();
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'ресницы' } });
    await wait(500);
    await wait(0);
    expect(screen.getByRole('link', { name: /Все результаты: более 1000 товаров/ })).not.toBeNull();
  });

  it('never searches for blank text', async () => {
    const input = renderSearch();
    fireEvent.change(input, { target: { value: '   ' } });
    await wait(1000);
    expect(searchProducts).not.toHaveBeenCalled();
  });

  it('says so when nothing is found', async () => {
    searchProducts.mockResolvedValue({ data: [], meta: { total: 0, page: 1, perPage: 7 } });
    const input = renderSearch();
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'qqqq' } });
    await wait(500);
    await wait(0);
    expect(screen.getByText(NOTHING_FOUND, { selector: '.live-search__message' })).not.toBeNull();
  });

  it('Enter opens the search page; arrows walk the results; Escape closes them', async () => {
    searchProducts.mockResolvedValue({
      data: [product(1), product(2)],
      meta: { total: 2, page: 1, perPage: 7 },
    });
    const input = renderSearch();
    input.focus();
    fireEvent.change(input, { target: { value: 'ресницы' } });
    await wait(500);
    await wait(0);

    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(document.activeElement?.textContent).toContain('Ресницы 1');
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(document.activeElement?.textContent).toContain('Ресницы 2');
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowUp' });
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(input);

    fireEvent.keyDown(input, { key: 'Escape' });
    expect(document.getElementById(input.getAttribute('aria-controls')!)!.hidden).toBe(true);
    expect(input.getAttribute('aria-expanded')).toBe('false');

    fireEvent.submit(input.form!);
    await wait(0);
    expect(screen.getByTestId('where').textContent).toBe(
      '/search?qwery=%D1%80%D0%B5%D1%81%D0%BD%D0%B8%D1%86%D1%8B',
    );
  });
});
