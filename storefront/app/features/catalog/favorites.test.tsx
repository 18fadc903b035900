import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  FAVORITES_KEY,
  FAVORITES_MAX,
  favoriteOffer,
  getFavorites,
  toggleFavorite,
  useFavorites,
  useFavoritesCount,
} from './favorites';

function Badge() {
  return <span data-testid="count">{useFavoritesCount()}</span>;
}
function Heart({ id }: { id: number }) {
  const { has, toggle } = useFavorites();
  return (
    <button type="button" aria-pressed={has(id)} onClick={() => toggle(id)}>
      {`heart ${id}`}
    </button>
  );
}

beforeEach(() => localStorage.clear());
afterEach(cleanup);

describe('favourites', () => {
  it('keeps product ids in localStorage, the latest first', () => {
    expect(getFavorites()).toEqual([]);
    expect(toggleFavorite(3)).toBe(true);
    expect(toggleFavorite(7)).toBe(true);
    expect(JSON.parse(localStorage.getItem(FAVORITES_KEY)!)).toEqual([7, 3]);
    expect(toggleFavorite(3)).toBe(false);
    expect(getFavorites()).toEqual([7]);
  });

  it('reads damaged storage as empty, and keeps at most the limit', () => {
    localStorage.setItem(FAVORITES_KEY, '{not json');
    expect(getFavorites()).toEqual([]);
    localStorage.setItem(FAVORITES_KEY, JSON.stringify([1, 'x', -2, 1, 2.5, 4]));
    expect(getFavorites()).toEqual([1, 4]);
    for (let id = 1; id <= FAVORITES_MAX + 5; id++) toggleFavorite(id);
    expect(getFavorites()).toHaveLength(FAVORITES_MAX);
    expect(getFavorites()[0]).toBe(FAVORITES_MAX + 5);
  });

  it('remembers the variant chosen when the heart was pressed, and reads old arrays of plain ids', () => {
    // Stored before variants were remembered: plain ids, which stay favourites without a variant.
    localStorage.setItem(FAVORITES_KEY, JSON.stringify([4, 2]));
    expect(getFavorites()).toEqual([4, 2]);
    expect(favoriteOffer(4)).toBeNull();
    expect(toggleFavorite(9, 901)).toBe(true);
    expect(getFavorites()).toEqual([9, 4, 2]);
    expect(favoriteOffer(9)).toBe(901);
    expect(JSON.parse(localStorage.getItem(FAVORITES_KEY)!)).toEqual([{ id: 9, offer: 901 }, 4, 2]);
    // Another heart keeps what the others remember; removing one forgets its variant.
    toggleFavorite(5);
    expect(JSON.parse(localStorage.getItem(FAVORITES_KEY)!)).toEqual([5, { id: 9, offer: 901 }, 4, 2]);
    toggleFavorite(9);
    expect(favoriteOffer(9)).toBeNull();
    expect(getFavorites()).toEqual([5, 4, 2]);
    // Damaged entries are passed over: a variant without a product, a product with a bad variant.
    localStorage.setItem(
      FAVORITES_KEY,
      JSON.stringify([{ offer: 3 }, { id: 6, offer: 'x' }, null, { id: 6, offer: 7 }, { id: 8, offer: 80 }]),
    );
    expect(getFavorites()).toEqual([6, 8]);
    expect(favoriteOffer(6)).toBeNull();
    expect(favoriteOffer(8)).toBe(80);
  });

  it('updates every heart and the badge at once, and follows other tabs', () => {
    render(
      <>
        <Badge />
        <Heart id={5} />
      </>,
    );
    const heart = screen.getByRole('button', { name: 'heart 5' });
    expect(heart.getAttribute('aria-pressed')).toBe('false');
    act(() => heart.click());
    expect(heart.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('count').textContent).toBe('1');
    act(() => {
      localStorage.setItem(FAVORITES_KEY, JSON.stringify([9, 8, 5]));
      window.dispatchEvent(new StorageEvent('storage', { key: FAVORITES_KEY }));
    });
    expect(screen.getByTestId('count').textContent).toBe('3');
  });
});
