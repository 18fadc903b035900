import type { CSSProperties } from 'react';
import { preload } from 'react-dom';
import { coveringWidth, isResizable, responsiveSrcSet, variantUrl } from '../lib/images';

export interface PictureProps {
  /** An upload ("/uploads/…"): resized by the server; any other address is used as it is. */
  src: string;
  alt: string;
  /** Intrinsic size: reserves the box before the image arrives, so nothing shifts. */
  width: number;
  height: number;
  /** The `sizes` attribute: how wide the image is shown at each viewport width. */
  sizes: string;
  /** The widest it is ever shown, in CSS pixels (defaults to `width`): sets the largest variant (2x). */
  maxDisplayWidth?: number;
  /** The first screen's main image: load it at once, early and first (preloaded from the page's head). */
  priority?: boolean;
  className?: string;
  imgClassName?: string;
  style?: CSSProperties;
}

/**
 * A responsive image (spec §9): WebP variants at the breakpoint widths for 1x and 2x screens, explicit
 * width and height, lazy unless it is the first screen's main image.
 */
export function Picture({
  src,
  alt,
  width,
  height,
  sizes,
  maxDisplayWidth = width,
  priority = false,
  className,
  imgClassName,
  style,
}: PictureProps) {
  const resizable = isResizable(src);
  const fallbackSrc = resizable ? variantUrl(src, coveringWidth(maxDisplayWidth)) : src;
  const srcSet = resizable ? responsiveSrcSet(src, maxDisplayWidth) : undefined;
  // React puts this <link rel="preload"> in the head: the request starts before the stylesheet has
  // arrived and the body is parsed (the usual LCP image of a phone's first screen).
  if (priority)
    preload(fallbackSrc, {
      as: 'image',
      fetchPriority: 'high',
      imageSrcSet: srcSet,
      imageSizes: srcSet && sizes,
    });
  const img = (
    <img
      src={fallbackSrc}
      alt={alt}
      width={width}
      height={height}
      loading={priority ? 'eager' : 'lazy'}
      decoding={priority ? 'auto' : 'async'}
      fetchPriority={priority ? 'high' : undefined}
      className={imgClassName}
      style={style}
    />
  );
  if (!srcSet) return <picture className={className}>{img}</picture>;
  return (
    <picture className={className}>
      <source type="image/webp" srcSet={srcSet} sizes={sizes} />
      {img}
    </picture>
  );
}
