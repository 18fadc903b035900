import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { textSummary } from './content-meta';
import { pageWindow } from '../../ui/Pagination';
import { promotionDates } from './PromotionCard';
import { RichText } from './RichText';
import { Stars } from '../../ui/Stars';

afterEach(cleanup);

beforeAll(() => {
  // jsdom has neither; the slider only needs them to exist.
  if (typeof window.matchMedia !== 'function') {
    Object.defineProperty(window, 'matchMedia', {
      value: (query: string) => ({ matches: false, media: query }) as MediaQueryList,
    });
  }
  globalThis.IntersectionObserver ??= class {
    observe() {}
    disconnect() {}
  } as unknown as typeof IntersectionObserver;
});

describe('pageWindow', () => {
  it('shows the first, the last and two pages either side of the current one', () => {
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 10)).toEqual([1, 2, 3, 'gap', 10]);
    expect(pageWindow(6, 12)).toEqual([1, 'gap', 4, 5, 6, 7, 8, 'gap', 12]);
    expect(pageWindow(10, 10)).toEqual([1, 'gap', 8, 9, 10]);
  });
});

describe('promotionDates', () => {
  it('writes the period the way people say it', () => {
    expect(promotionDates('2026-12-01T09:00:00Z', '2026-12-25T09:00:00Z')).toBe('с 1 по 25 декабря 2026');
    expect(promotionDates('2026-11-12T09:00:00Z', '2026-12-25T09:00:00Z')).toBe(
      'с 12 ноября по 25 декабря 2026',
    );
    expect(promotionDates('2026-11-12T09:00:00Z', '2027-01-11T09:00:00Z')).toBe(
      'с 12 ноября 2026 по 11 января 2027',
    );
    expect(promotionDates(null, '2026-12-25T09:00:00Z')).toBe('до 25 декабря 2026');
    expect(promotionDates('2026-12-01T09:00:00Z', null)).toBe('с 1 декабря 2026');
    expect(promotionDates(null, null)).toBeNull();
  });
});

describe('textSummary', () => {
  it('turns HTML into a short plain description', () => {
    expect(textSummary('<p>Клей &laquo;Ultra&raquo; &amp; ремувер</p><ul><li>один</li></ul>')).toBe(
      'Клей «Ultra» & ремувер один',
    );
    const long = textSummary(`<p>${'слово '.repeat(60)}</p>`);
    expect(long.length).toBeLessThanOrEqual(160);
    expect(long.endsWith('слово…')).toBe(true);
  });
});

describe('Stars', () => {
  it('reads the rating out', () => {
    render(<Stars value={4.8} />);
    expect(screen.getByRole('img', { name: 'Оценка 4,8 из 5' })).toBeTruthy();
  });
});

describe('RichText', () => {
  it('inserts the cleaned HTML and follows site links inside the app', async () => {
    const Stub = createRoutesStub([
      {
        path: '/',
        Component: () => (
          <RichText html='<p>См. <a href="/next">дальше</a> и <a href="https://vk.com">ВК</a></p>' />
        ),
      },
      { path: '/next', Component: () => <h1>Следующая</h1> },
    ]);
    render(<Stub initialEntries={['/']} />);
    expect(screen.getByRole('link', { name: 'ВК' }).getAttribute('href')).toBe('https://vk.com');
    fireEvent.click(screen.getByRole('link', { name: 'дальше' }));
    expect(await screen.findByRole('heading', { name: 'Следующая' })).toBeTruthy();
  });

  it('renders nothing for an empty text', () => {
    const Stub = createRoutesStub([{ path: '/', Component: () => <RichText html="" /> }]);
    const { container } = render(<Stub initialEntries={['/']} />);
    expect(container.querySelector('.rich-text')).toBeNull();
  });
});
