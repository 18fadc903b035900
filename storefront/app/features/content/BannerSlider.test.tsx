import type { PublicBanner } from '@shop/schemas';
import { cleanup, render, screen, within } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BannerSlider } from './BannerSlider';

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

const banner = (id: number, extra: Partial<PublicBanner> = {}): PublicBanner => ({
  id,
  headline: `Заголовок ${id}`,
  text: `Текст баннера ${id}`,
  buttonLabel: 'Подробнее',
  textTheme: 'dark',
  imageDesktopUrl: `/uploads/b${id}-desktop.webp`,
  imageMobileUrl: `/uploads/b${id}-mobile.webp`,
  alt: `Картинка номер ${id}`,
  link: `/promotions/p${id}`,
  openInNewTab: false,
  position: 'home_slider',
  ...extra,
});

const renderSlider = (banners: PublicBanner[]) => {
  const Stub = createRoutesStub([{ path: '/', Component: () => <BannerSlider banners={banners} /> }]);
  return render(<Stub initialEntries={['/']} />);
};

describe('BannerSlider', () => {
  it('sets the headline, text and button as text over the picture, the whole slide one link', () => {
    const { container } = renderSlider([banner(1, { textTheme: 'light' }), banner(2)]);
    const [first, second] = screen.getAllByRole('group');
    const link = within(first!).getByRole('link');
    expect(link.getAttribute('href')).toBe('/promotions/p1');
    expect(link.getAttribute('target')).toBeNull();
    // The words are the page's own text, inside the link; the picture's alt only describes the picture.
    expect(within(link).getByRole('heading', { level: 2, name: 'Заголовок 1' })).toBeTruthy();
    expect(within(link).getByText('Текст баннера 1').tagName).toBe('P');
    expect(within(link).getByText('Подробнее').className).toBe('banner-slider__button');
    expect(within(link).getByRole('img').getAttribute('alt')).toBe('Картинка номер 1');
    expect(link.textContent).toBe('Заголовок 1Текст баннера 1Подробнее');
    // Only one control per slide: the button is the link's visible part, not a nested button.
    expect(within(first!).queryByRole('button')).toBeNull();
    expect(first!.className).toContain('banner-slider__slide--light');
    expect(second!.className).toContain('banner-slider__slide--dark');
    expect(container.querySelectorAll('.banner-slider__frame--text')).toHaveLength(2);
  });

  it('renders nothing for an empty field, and no button without a link', () => {
    const { container } = renderSlider([
      banner(1, { headline: null, text: '   ', buttonLabel: 'Подробнее' }),
      banner(2, { headline: 'Только заголовок', text: null, buttonLabel: null }),
      banner(3, { buttonLabel: 'Никуда', link: null }),
      banner(4, { headline: null, text: null, buttonLabel: null, alt: null }),
    ]);
    const [first, second, third, fourth] = screen.getAllByRole('group');
    expect(first!.querySelector('.banner-slider__headline')).toBeNull();
    expect(first!.querySelector('.banner-slider__text')).toBeNull();
    expect(within(first!).getByRole('link').textContent).toBe('Подробнее');
    expect(second!.querySelector('.banner-slider__text')).toBeNull();
    expect(second!.querySelector('.banner-slider__button')).toBeNull();
    expect(within(second!).getByRole('link').textContent).toBe('Только заголовок');
    // A button that leads nowhere would be a lie: without a link there is none (and no link either).
    expect(within(third!).queryByRole('link')).toBeNull();
    expect(third!.querySelector('.banner-slider__button')).toBeNull();
    expect(within(third!).getByRole('heading', { name: 'Заголовок 3' })).toBeTruthy();
    // No words at all: no empty boxes, no scrim, and the link is named by its place in the carousel.
    expect(fourth!.querySelector('.banner-slider__content')).toBeNull();
    expect(fourth!.querySelector('.banner-slider__frame--text')).toBeNull();
    expect(within(fourth!).getByRole('link', { name: 'Баннер 4 из 4' })).toBeTruthy();
    expect(container.querySelectorAll('h2')).toHaveLength(2);
  });

  it('opens an address in a new tab when asked, and says so to screen readers', () => {
    renderSlider([
      banner(1, { link: 'https://partner.example/kurs', openInNewTab: true }),
      banner(2, { link: 'https://partner.example/same-tab' }),
    ]);
    const [first, second] = screen.getAllByRole('group');
    const external = within(first!).getByRole('link');
    expect(external.getAttribute('href')).toBe('https://partner.example/kurs');
    expect(external.getAttribute('target')).toBe('_blank');
    expect(external.getAttribute('rel')).toBe('noopener noreferrer');
    expect(external.textContent).toContain('(откроется в новой вкладке)');
    const sameTab = within(second!).getByRole('link');
    expect(sameTab.getAttribute('href')).toBe('https://partner.example/same-tab');
    expect(sameTab.getAttribute('target')).toBeNull();
    expect(sameTab.textContent).not.toContain('вкладке');
  });

  it('gives every slide both backgrounds with their sizes, and controls when there are several', () => {
    const { container } = renderSlider([banner(1), banner(2)]);
    const sources = container.querySelectorAll('source');
    // Per slide: the phone picture, then the desktop one, each at the server's breakpoint widths.
    expect(sources).toHaveLength(4);
    expect(sources[0]!.getAttribute('media')).toBe('(max-width: 767px)');
    expect(sources[0]!.getAttribute('width')).toBe('750');
    expect(sources[0]!.getAttribute('height')).toBe('600');
    expect(sources[0]!.getAttribute('srcset')).toContain('/img/640/b1-mobile.webp 640w');
    expect(sources[0]!.getAttribute('srcset')).toContain('/img/1536/b1-mobile.webp 1536w');
    expect(sources[1]!.getAttribute('media')).toBeNull();
    expect(sources[1]!.getAttribute('srcset')).toContain('/img/1280/b1-desktop.webp 1280w');
    expect(sources[1]!.getAttribute('sizes')).toBe('(min-width: 1432px) 1384px, calc(100vw - 48px)');
    const images = container.querySelectorAll('img');
    expect(images[0]!.getAttribute('src')).toBe('/img/1536/b1-desktop.webp');
    expect(images[0]!.getAttribute('width')).toBe('1384');
    expect(images[0]!.getAttribute('height')).toBe('400');
    expect(images[0]!.getAttribute('loading')).toBe('eager');
    expect(images[1]!.getAttribute('loading')).toBe('lazy');
    expect(container.querySelector('.banner-slider--mobile-art')).not.toBeNull();
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
