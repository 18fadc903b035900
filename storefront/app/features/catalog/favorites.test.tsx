import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  FAVORITES_KEY,
  FAVORITES_MAX,
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
