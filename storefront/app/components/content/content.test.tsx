import type { PublicBanner } from '@shop/schemas';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { textSummary } from '../../lib/content-meta';
import { BannerSlider } from './BannerSlider';
import { pageWindow } from './Pagination';
import { promotionDates } from './PromotionCard';
import { RichText } from './RichText';
import { Stars } from './Stars';

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

describe('BannerSlider', () => {
  const banner = (id: number, extra: Partial<PublicBanner> = {}): PublicBanner => ({
    id,
    imageDesktopUrl: `/uploads/b${id}-desktop.webp`,
    imageMobileUrl: `/uploads/b${id}-mobile.webp`,
    alt: `Баннер номер ${id}`,
    link: `/promotions/p${id}`,
    openInNewTab: false,
    position: 'home_slider',
    ...extra,
  });
  const renderSlider = (banners: PublicBanner[]) => {
    const Stub = createRoutesStub([{ path: '/', Component: () => <BannerSlider banners={banners} /> }]);
    return render(<Stub initialEntries={['/']} />);
  };

  it('gives every slide both pictures with their sizes, and controls when there are several', () => {
    const { container } = renderSlider([banner(1), banner(2)]);
    const sources = container.querySelectorAll('source');
    // Per slide: the phone picture, then the desktop one, each at the server's breakpoint widths.
    expect(sources).toHaveLength(4);
    expect(sources[0]!.getAttribute('media')).toBe('(max-width: 767px)');
    expect(sources[0]!.getAttribute('srcset')).toContain('/img/640/b1-mobile.webp 640w');
    expect(sources[0]!.getAttribute('srcset')).toContain('/img/1536/b1-mobile.webp 1536w');
    expect(sources[1]!.getAttribute('media')).toBeNull();
    expect(sources[1]!.getAttribute('srcset')).toContain('/img/1280/b1-desktop.webp 1280w');
    expect(sources[1]!.getAttribute('sizes')).toBe('(min-width: 1432px) 1384px, calc(100vw - 48px)');
    const images = container.querySelectorAll('img');
    expect(images[0]!.getAttribute('src')).toBe('/img/1536/b1-desktop.webp');
    expect(images[0]!.getAttribute('width')).toBe('1920');
    expect(images[0]!.getAttribute('height')).toBe('640');
    expect(images[0]!.getAttribute('loading')).toBe('eager');
    expect(images[1]!.getAttribute('loading')).toBe('lazy');
    expect(screen.getByRole('link', { name: 'Баннер номер 1' }).getAttribute('href')).toBe('/promotions/p1');
    expect(screen.getByRole('button', { name: 'Следующий баннер' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Баннер 1 из 2' }).getAttribute('aria-current')).toBe('true');
    expect(screen.getByRole('button', { name: 'Остановить автоматическое листание' })).toBeTruthy();
  });

  it('one banner has no controls; a banner without a phone picture keeps the desktop shape everywhere', () => {
    const { container } = renderSlider([
      banner(1, { imageMobileUrl: null, link: null, imageDesktopUrl: 'https://cdn.example/b.jpg' }),
    ]);
    expect(container.querySelector('source')).toBeNull();
    expect(container.querySelector('img')!.getAttribute('src')).toBe('https://cdn.example/b.jpg');
    expect(container.querySelector('.banner-slider--mobile-art')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('renders nothing without banners', () => {
    const { container } = renderSlider([]);
    expect(container.querySelector('.banner-slider')).toBeNull();
  });
});
