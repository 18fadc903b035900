// Is an uploaded file a real image? Judged by its content with sharp, never by its name or the browser's
// content type: the header gives the format, and a small decode proves the pixels are there.
import sharp, { type Metadata } from 'sharp';

export type ImageFormat = 'jpeg' | 'png' | 'webp' | 'avif' | 'gif';

export interface CheckedImage {
  /** The bytes to store: the upload itself, or re-encoded without its metadata (see withoutMetadata). */
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
    const meta = await sharp(data, { limitInputPixels: MAX_PIXELS }).metadata();
    const format = formatOf(meta);
    if (!format || !meta.width || !meta.height) return null;
    // A truncated or corrupt file has a valid header but fails to decode.
    await sharp(data, { limitInputPixels: MAX_PIXELS, failOn: 'error' })
      .resize({ width: 16, height: 16, fit: 'inside' })
      .toBuffer();
    const height = meta.pageHeight && meta.pages && meta.pages > 1 ? meta.pageHeight : meta.height;
    const turned = (meta.orientation ?? 1) >= 5;
    return {
      data: await withoutMetadata(data, format, meta),
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
 * Phone photos carry EXIF (often the GPS position of the salon or the home where they were taken), XMP and
 * IPTC, which a public shop must not republish. Such a picture is re-encoded in its own format with the
 * orientation applied and only the colour profile kept; a picture without them is stored as sent. GIF has
 * no such metadata (and re-encoding would flatten an animation).
 */
async function withoutMetadata(data: Buffer, format: ImageFormat, meta: Metadata): Promise<Buffer> {
  if (format === 'gif' || !(meta.exif || meta.xmp || meta.iptc)) return data;
  const image = sharp(data, { limitInputPixels: MAX_PIXELS }).rotate().keepIccProfile();
  switch (format) {
    case 'jpeg':
      return image.jpeg({ quality: 92, mozjpeg: true }).toBuffer();
    case 'png':
      return image.png({ compressionLevel: 9 }).toBuffer();
    case 'webp':
      return image.webp({ quality: 92 }).toBuffer();
    case 'avif':
      return image.avif({ quality: 70 }).toBuffer();
  }
}
