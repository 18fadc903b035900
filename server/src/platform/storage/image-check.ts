// Is an uploaded file a real image? Judged by its content with sharp, never by its name or the browser's
// content type: the header gives the format, and a small decode proves the pixels are there. What is stored
// is never the upload itself but the picture re-encoded from its pixels (see reencoded).
import type sharpType from 'sharp';
import type { Metadata } from 'sharp';
import { onFirstUse } from '../on-first-use';

// libvips loads with the first picture, not at start.
const sharp = onFirstUse<typeof sharpType>('sharp');

export type ImageFormat = 'jpeg' | 'png' | 'webp' | 'avif' | 'gif';

export interface CheckedImage {
  /** The bytes to store: the picture re-encoded from its pixels, nothing else of the upload (reencoded). */
  data: Buffer;
  format: ImageFormat;
  extension: string;
  /** As displayed, i.e. after the EXIF orientation is applied (the /img variants rotate the same way). */
  width: number;
  height: number;
}

const EXTENSIONS: Record<ImageFormat, string> = {
  jpeg: 'jpg',
  png: 'png',
  webp: 'webp',
  avif: 'avif',
  gif: 'gif',
};
/** 100 megapixels: larger pictures are not shop photos and would tie up sharp for seconds. */
const MAX_PIXELS = 100_000_000;

function formatOf(meta: Metadata): ImageFormat | null {
  switch (meta.format) {
    case 'jpeg':
    case 'png':
    case 'webp':
    case 'gif':
      return meta.format;
    // sharp reads AVIF through libheif and names it "heif"; HEIC photos (HEVC) are not accepted.
    case 'heif':
      return meta.compression === 'av1' ? 'avif' : null;
    default:
      return null;
  }
}

/** The image's format and size, or null when the bytes are not a whole image of an accepted format. */
export async function checkImage(data: Buffer): Promise<CheckedImage | null> {
  try {
    const meta = await sharp()(data, { limitInputPixels: MAX_PIXELS }).metadata();
    const format = formatOf(meta);
    if (!format || !meta.width || !meta.height) return null;
    // A truncated or corrupt file has a valid header but fails to decode.
    await sharp()(data, { limitInputPixels: MAX_PIXELS, failOn: 'error' })
      .resize({ width: 16, height: 16, fit: 'inside' })
      .toBuffer();
    const height = meta.pageHeight && meta.pages && meta.pages > 1 ? meta.pageHeight : meta.height;
    const turned = (meta.orientation ?? 1) >= 5;
    return {
      data: await reencoded(data, format, meta),
      format,
      extension: EXTENSIONS[format],
      width: turned ? height : meta.width,
      height: turned ? meta.width : height,
    };
  } catch {
    return null;
  }
}

/**
 * The picture as sharp re-encodes it from its decoded pixels, in its own format. Whatever else the upload
 * carried is gone: bytes after the image's end (an HTML page or a script appended to a JPEG, which a
 * browser that sniffs could run from our address), comment and text chunks, and the metadata phone photos
 * carry (EXIF with the GPS position of the salon or the home where they were taken, XMP, IPTC), which a
 * public shop must not republish. The orientation is applied and only the colour profile kept. Animated GIF
 * and WebP keep their frames.
 */
async function reencoded(data: Buffer, format: ImageFormat, meta: Metadata): Promise<Buffer> {
  const animated = (format === 'gif' || format === 'webp') && (meta.pages ?? 1) > 1;
  const source = sharp()(data, { limitInputPixels: MAX_PIXELS, animated }).keepIccProfile();
  // Rotation is per page; an animation has no EXIF orientation to apply anyway.
  const image = animated ? source : source.rotate();
  switch (format) {
    case 'jpeg':
      return image.jpeg({ quality: 92, mozjpeg: true }).toBuffer();
    case 'png':
      return image.png({ compressionLevel: 9 }).toBuffer();
    case 'webp':
      return image.webp({ quality: 92 }).toBuffer();
    case 'avif':
      return image.avif({ quality: 70 }).toBuffer();
    case 'gif':
      return image.gif().toBuffer();
  }
}
