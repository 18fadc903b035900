import type { PublicBanner } from '@shop/schemas';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { preload } from 'react-dom';
import { Link } from 'react-router';
import { coveringWidth, isResizable, responsiveSrcSet, variantUrl } from '../../lib/images';
import { Icon } from '../../ui/Icon';
import './banner-slider.css';

// The intrinsic sizes of the two backgrounds an administrator uploads (the admin's help says so): the box
// is reserved at that shape before a picture arrives, so nothing below the slider moves.
const DESKTOP = { width: 1384, height: 400 };
const MOBILE = { width: 750, height: 600 };
const MOBILE_MEDIA = '(max-width: 767px)';
// Shown across the content column: at most 1384 px on desktops, the screen less its margins on phones.
const DESKTOP_SHOWN = 1384;
const DESKTOP_SIZES = '(min-width: 1432px) 1384px, calc(100vw - 48px)';
const MOBILE_SHOWN = 767;
const MOBILE_SIZES = 'calc(100vw - 32px)';

/** srcset and sizes of an upload at the server's breakpoint widths; any other address as it is. */
function sources(src: string, shown: number, sizes: string) {
  return isResizable(src) ? { srcSet: responsiveSrcSet(src, shown), sizes } : { srcSet: src };
}
const AUTOPLAY_MS = 6000;

/**
 * The first slide is the home page's largest paint: React puts these preloads in the head, so its picture
 * (the phone's or the desktop's, by media query) is requested before the stylesheet and the body arrive.
 */
function preloadFirstSlide(banner: PublicBanner, mobileArt: boolean) {
  const image = (src: string, shown: number, sizes: string, media: string | undefined) => {
    const resizable = isResizable(src);
    preload(resizable ? variantUrl(src, coveringWidth(shown)) : src, {
      as: 'image',
      fetchPriority: 'high',
      media,
      ...(resizable ? { imageSrcSet: responsiveSrcSet(src, shown), imageSizes: sizes } : {}),
    });
  };
  if (mobileArt) image(banner.imageMobileUrl!, MOBILE_SHOWN, MOBILE_SIZES, MOBILE_MEDIA);
  image(banner.imageDesktopUrl, DESKTOP_SHOWN, DESKTOP_SIZES, mobileArt ? '(min-width: 768px)' : undefined);
}

/** A field an administrator left empty (or only spaces) shows nothing. */
const filled = (value: string | null) => (value && value.trim() ? value.trim() : null);

/**
 * One slide: the background picture with the banner's words over it as text in the site's typeface.
 * With a link the whole slide is one link (the button is its visible part, not a second control).
 */
function BannerSlide({
  banner,
  index,
  count,
  mobileArt,
}: {
  banner: PublicBanner;
  index: number;
  count: number;
  /** Whether the slider shows phone pictures (only when every banner has one). */
  mobileArt: boolean;
}) {
  const headline = filled(banner.headline);
  const text = filled(banner.text);
  const link = banner.link;
  const buttonLabel = link ? filled(banner.buttonLabel) : null;
  const hasText = Boolean(headline || text || buttonLabel);
  const picture = (
    <picture className="banner-slider__picture">
      {mobileArt && (
        <source
          media={MOBILE_MEDIA}
          {...sources(banner.imageMobileUrl!, MOBILE_SHOWN, MOBILE_SIZES)}
          width={MOBILE.width}
          height={MOBILE.height}
        />
      )}
      {isResizable(banner.imageDesktopUrl) && (
        <source {...sources(banner.imageDesktopUrl, DESKTOP_SHOWN, DESKTOP_SIZES)} />
      )}
      <img
        className="banner-slider__image"
        src={
          isResizable(banner.imageDesktopUrl)
            ? variantUrl(banner.imageDesktopUrl, coveringWidth(DESKTOP_SHOWN))
            : banner.imageDesktopUrl
        }
        alt={banner.alt ?? ''}
        width={DESKTOP.width}
        height={DESKTOP.height}
        loading={index === 0 ? 'eager' : 'lazy'}
        fetchPriority={index === 0 ? 'high' : 'auto'}
        decoding={index === 0 ? 'auto' : 'async'}
        draggable={false}
      />
    </picture>
  );
  const content = (
    <>
      {picture}
      {hasText && (
        <div className="banner-slider__content">
          {headline && <h2 className="banner-slider__headline">{headline}</h2>}
          {text && <p className="banner-slider__text">{text}</p>}
          {buttonLabel && <span className="banner-slider__button">{buttonLabel}</span>}
        </div>
      )}
    </>
  );
  const className = `banner-slider__frame${hasText ? ' banner-slider__frame--text' : ''}`;
  let frame: ReactNode;
  if (!link) {
    frame = <div className={className}>{content}</div>;
  } else {
    // A link with neither words nor a described picture is named by its place in the carousel.
    const name = hasText || banner.alt ? undefined : `Баннер ${index + 1} из ${count}`;
    const external = banner.openInNewTab || !link.startsWith('/') || link.startsWith('//');
    frame = external ? (
      <a
        className={className}
        href={link}
        aria-label={name}
        {...(banner.openInNewTab ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
      >
        {content}
        {banner.openInNewTab && <span className="visually-hidden"> (откроется в новой вкладке)</span>}
      </a>
    ) : (
      <Link className={className} to={link} aria-label={name}>
        {content}
      </Link>
    );
  }
  return (
    <div
      className={`banner-slider__slide banner-slider__slide--${banner.textTheme === 'light' ? 'light' : 'dark'}`}
      data-index={index}
      role="group"
      aria-roledescription="слайд"
      aria-label={`${index + 1} из ${count}`}
    >
      {frame}
    </div>
  );
}

/**
 * The home page's banners (admin: Баннеры, «Главная: слайдер»): a headline, a line of text and a button
 * set as text over a plain background (one picture for desktops, one for phones), scroll-snapped slides that a finger can swipe, arrows, dots, and a pause button for the
 * automatic turning (which also stops on hover, on focus and for visitors who ask for less motion).
 */
export function BannerSlider({ banners }: { banners: readonly PublicBanner[] }) {
  const track = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState(0);
  const [paused, setPaused] = useState(false);
  const [held, setHeld] = useState(false);
  const count = banners.length;
  // Phones get their own pictures only when every banner has one: all slides keep the same shape.
  const mobileArt = banners.every((b) => b.imageMobileUrl);

  const go = useCallback(
    (index: number) => {
      const list = track.current;
      if (!list || count === 0) return;
      const target = list.children[((index % count) + count) % count] as HTMLElement | undefined;
      if (!target) return;
      const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
      list.scrollTo({ left: target.offsetLeft, behavior: reduce ? 'auto' : 'smooth' });
    },
    [count],
  );

  // The slide in view is the active one, however it got there (arrows, dots, a swipe, the keyboard).
  useEffect(() => {
    const list = track.current;
    if (!list || count < 2) return;
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (entry.isIntersecting) setActive(Number((entry.target as HTMLElement).dataset.index));
        }
      },
      { root: list, threshold: 0.6 },
    );
    for (const slide of Array.from(list.children)) observer.observe(slide);
    return () => observer.disconnect();
  }, [count]);

  useEffect(() => {
    if (count < 2 || paused || held) return;
    if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    const timer = window.setTimeout(() => {
      if (document.visibilityState === 'visible') go(active + 1);
    }, AUTOPLAY_MS);
    return () => window.clearTimeout(timer);
  }, [active, paused, held, count, go]);

  if (count === 0) return null;
  preloadFirstSlide(banners[0]!, mobileArt);
  return (
    <section
      className={`banner-slider${mobileArt ? ' banner-slider--mobile-art' : ''}`}
      aria-roledescription="карусель"
      aria-label="Акции и новости"
      onMouseEnter={() => setHeld(true)}
      onMouseLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setHeld(false);
      }}
    >
      <div className="banner-slider__viewport">
        {/* Slides are groups of a carousel (WAI-ARIA APG), so the track is not a list. */}
        <div ref={track} className="banner-slider__track">
          {banners.map((banner, i) => (
            <BannerSlide key={banner.id} banner={banner} index={i} count={count} mobileArt={mobileArt} />
          ))}
        </div>
        {count > 1 && (
          <>
            <button
              type="button"
              className="banner-slider__arrow banner-slider__arrow--prev"
              aria-label="Предыдущий баннер"
              onClick={() => go(active - 1)}
            >
              <Icon name="chevronRight" />
            </button>
            <button
              type="button"
              className="banner-slider__arrow banner-slider__arrow--next"
              aria-label="Следующий баннер"
              onClick={() => go(active + 1)}
            >
              <Icon name="chevronRight" />
            </button>
          </>
        )}
      </div>
      {count > 1 && (
        <div className="banner-slider__controls">
          <button
            type="button"
            className="banner-slider__pause"
            aria-label={paused ? 'Листать баннеры автоматически' : 'Остановить автоматическое листание'}
            aria-pressed={paused}
            onClick={() => setPaused((p) => !p)}
          >
            {paused ? (
              <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
                <path d="M4 2.5v11l9-5.5-9-5.5Z" fill="currentColor" />
              </svg>
            ) : (
              <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
                <path d="M4 2h3v12H4zM9 2h3v12H9z" fill="currentColor" />
              </svg>
            )}
          </button>
          <ul className="banner-slider__dots">
            {banners.map((banner, i) => (
              <li key={banner.id}>
                <button
                  type="button"
                  className="banner-slider__dot"
                  aria-label={`Баннер ${i + 1} из ${count}`}
                  aria-current={i === active ? 'true' : undefined}
                  onClick={() => go(i)}
                >
                  <span aria-hidden="true" />
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
