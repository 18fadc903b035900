import type { ProductImage } from '@shop/schemas';
import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { isResizable, responsiveSrcSet, variantUrl } from '../../lib/images';
import { waitForImage, type ImageSource } from './wait-for-image';
import { Icon } from '../../ui/Icon';

/** The full-size source of an image for the viewer: the screen's width, up to the largest variant. */
function fullSource(url: string): ImageSource {
  if (!isResizable(url)) return { src: url };
  return { src: variantUrl(url, 1536), srcSet: responsiveSrcSet(url, 1536), sizes: '100vw' };
}

interface ImageViewerProps {
  images: ProductImage[];
  title: string;
  start: number;
  onClose: (index: number) => void;
}

/**
 * The fullscreen viewer (spec §2): a modal dialog (focus stays inside; Escape closes), left and right
 * arrows move between photos, a zoom toggle, 300 ms ease-in-out animations. The next photo is shown once
 * it has loaded (up to 50 checks every 100 ms); a photo that fails is only logged, then shown anyway.
 */
export function ImageViewer({ images, title, start, onClose }: ImageViewerProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [index, setIndex] = useState(start);
  const [loading, setLoading] = useState(false);
  const [zoomed, setZoomed] = useState(false);
  const [origin, setOrigin] = useState('50% 50%');
  const indexRef = useRef(start);
  const closeRef = useRef(onClose);
  useEffect(() => {
    indexRef.current = index;
    closeRef.current = onClose;
  });
  const many = images.length > 1;

  useEffect(() => {
    const el = dialog.current;
    if (!el) return;
    if (!el.open) el.showModal();
    // Escape (the dialog's own cancel), the close button and a click beside the photo all end here.
    const closed = () => closeRef.current(indexRef.current);
    el.addEventListener('close', closed);
    return () => {
      el.removeEventListener('close', closed);
      if (el.open) el.close();
    };
  }, []);

  const go = useCallback(
    (delta: number) => {
      if (!many || loading) return;
      const next = (indexRef.current + delta + images.length) % images.length;
      setLoading(true);
      setZoomed(false);
      waitForImage(fullSource(images[next]!.url))
        .catch((error: unknown) => console.error('image viewer:', error))
        .finally(() => {
          setIndex(next);
          setLoading(false);
        });
    },
    [images, many, loading],
  );

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowRight') {
      event.preventDefault();
      go(1);
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      go(-1);
    }
  };
  const moveOrigin = (event: MouseEvent<HTMLElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    const x = ((event.clientX - box.left) / box.width) * 100;
    const y = ((event.clientY - box.top) / box.height) * 100;
    setOrigin(`${Math.max(0, Math.min(100, x))}% ${Math.max(0, Math.min(100, y))}%`);
  };

  const image = images[index]!;
  const source = fullSource(image.url);
  const alt = image.alt || title;
  return (
    <dialog
      ref={dialog}
      className="viewer"
      aria-label={`Фото товара: ${title}`}
      onKeyDown={onKeyDown}
      onClick={(event) => {
        if (event.target === event.currentTarget) dialog.current?.close();
      }}
    >
      <div className="viewer__bar">
        {many && (
          <p className="viewer__counter" aria-live="polite">
            {index + 1} / {images.length}
          </p>
        )}
        <button
          type="button"
          className="viewer__button"
          aria-pressed={zoomed}
          aria-label={zoomed ? 'Уменьшить' : 'Увеличить'}
          onClick={() => setZoomed((z) => !z)}
        >
          <Icon name={zoomed ? 'zoomOut' : 'zoomIn'} size={22} />
        </button>
        <button
          type="button"
          className="viewer__button"
          aria-label="Закрыть"
          onClick={() => dialog.current?.close()}
          autoFocus
        >
          <Icon name="close" />
        </button>
      </div>
      <div
        className={`viewer__stage${zoomed ? ' viewer__stage--zoomed' : ''}`}
        onPointerMove={zoomed ? moveOrigin : undefined}
        onClick={(event) => {
          if (event.target !== event.currentTarget) return;
          dialog.current?.close();
        }}
      >
        <img
          key={index}
          className="viewer__image"
          src={source.src}
          srcSet={source.srcSet}
          sizes={source.sizes}
          alt={alt}
          style={{ transformOrigin: origin }}
          onClick={(event) => {
            if (!zoomed) moveOrigin(event);
            setZoomed((z) => !z);
          }}
        />
        {loading && <span className="viewer__loading" role="status" aria-label="Загружаем фото" />}
      </div>
      {many && (
        <>
          <button
            type="button"
            className="viewer__nav viewer__nav--prev"
            aria-label="Предыдущее фото"
            onClick={() => go(-1)}
          >
            <Chevron direction="left" />
          </button>
          <button
            type="button"
            className="viewer__nav viewer__nav--next"
            aria-label="Следующее фото"
            onClick={() => go(1)}
          >
            <Chevron direction="right" />
          </button>
        </>
      )}
    </dialog>
  );
}

function Chevron({ direction }: { direction: 'left' | 'right' }) {
  return (
    <svg
      width="28"
      height="28"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={direction === 'left' ? 'm15 5-7 7 7 7' : 'm9 5 7 7-7 7'} />
    </svg>
  );
}
