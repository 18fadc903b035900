import type { ProductImage } from '@shop/schemas';
import { Suspense, lazy, useState } from 'react';
import { Icon } from '../../ui/Icon';
import { Picture } from '../../ui/Picture';

const MAIN_SIZE = 800;
const MAIN_SIZES = '(min-width: 1384px) 640px, (min-width: 1024px) 46vw, 100vw';
const THUMB_SIZE = 72;

// The fullscreen viewer is fetched on the first tap of the photo (pointing at it or focusing it starts the
// download): most visitors never open it, so it stays out of the page's first download.
const loadImageViewer = () => import('./ImageViewer');
const ImageViewer = lazy(() => loadImageViewer().then((m) => ({ default: m.ImageViewer })));
const preloadImageViewer = () => void loadImageViewer();

/** The product's photos: the main one, thumbnails when there are several, and a fullscreen viewer. */
export function Gallery({ images, title }: { images: ProductImage[]; title: string }) {
  const [current, setCurrent] = useState(0);
  const [viewerOpen, setViewerOpen] = useState(false);
  const image = images[current];
  if (!image) {
    return (
      <div className="gallery">
        <div className="gallery__main gallery__main--empty">Нет фото</div>
      </div>
    );
  }
  const alt = (i: ProductImage) => i.alt || title;
  return (
    <div className="gallery">
      <button
        type="button"
        className="gallery__main"
        onPointerEnter={preloadImageViewer}
        onFocus={preloadImageViewer}
        onClick={() => setViewerOpen(true)}
        aria-label={`Открыть фото во весь экран: ${alt(image)}`}
      >
        <Picture
          src={image.url}
          alt={alt(image)}
          width={MAIN_SIZE}
          height={MAIN_SIZE}
          sizes={MAIN_SIZES}
          maxDisplayWidth={640}
          priority={current === 0}
        />
        <span className="gallery__zoom-hint" aria-hidden="true">
          <Icon name="zoomIn" size={22} />
        </span>
      </button>
      {images.length > 1 && (
        <ul className="gallery__thumbs" aria-label="Фотографии товара">
          {images.map((img, i) => (
            <li key={`${img.url}-${i}`}>
              <button
                type="button"
                className="gallery__thumb"
                aria-current={i === current || undefined}
                aria-label={`Фото ${i + 1} из ${images.length}`}
                onClick={() => setCurrent(i)}
              >
                <Picture
                  src={img.url}
                  alt=""
                  width={THUMB_SIZE}
                  height={THUMB_SIZE}
                  sizes={`${THUMB_SIZE}px`}
                />
              </button>
            </li>
          ))}
        </ul>
      )}
      {viewerOpen && (
        <Suspense fallback={null}>
          <ImageViewer
            images={images}
            title={title}
            start={current}
            onClose={(at) => {
              setCurrent(at);
              setViewerOpen(false);
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
