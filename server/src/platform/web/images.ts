// Responsive images (spec §9): GET /img/<width>/<key under /uploads> answers a WebP of the uploaded image
// at one of the spec's breakpoint widths, made with sharp on the first request and kept in the store under
// .variants/<width>/<key>.webp, so every later request, on this instance or another one sharing the bucket,
// is a plain read. Never larger than the original. The storefront's <Picture> builds its srcset from these
// addresses.
import { extname } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type sharpType from 'sharp';
import { onFirstUse } from '../on-first-use';

// libvips loads with the first picture, not at start.
const sharp = onFirstUse<typeof sharpType>('sharp');
import { badRequest } from '../http/errors';
import { isSafeKey, VARIANTS_PREFIX, type FileStorage, type StoredInfo } from '../storage';
import { fileNotFound, sendStored } from './uploads';

/** xs, sm, md, lg, xl, 2xl of spec §9. */
export const IMAGE_WIDTHS = [320, 640, 768, 1024, 1280, 1536] as const;
const SOURCE_TYPES = new Set(['.webp', '.png', '.jpg', '.jpeg', '.gif', '.avif', '.tif', '.tiff', '.svg']);
const QUALITY = 80;
// The address names the source file, which is never rewritten in place (uploads get new names).
const CACHE_CONTROL = 'public, max-age=31536000, immutable';

export interface ImagePluginOptions {
  storage: FileStorage;
}

/**
 * The source's key for a requested path, or null when the path climbs out, names a hidden file or folder
 * (the variants themselves among them) or is not an image type.
 */
export function sourceKey(requested: string): string | null {
  if (!isSafeKey(requested)) return null;
  return SOURCE_TYPES.has(extname(requested).toLowerCase()) ? requested : null;
}

export const variantKey = (source: string, width: number) => `${VARIANTS_PREFIX}${width}/${source}.webp`;

export async function imagesPlugin(app: FastifyInstance, opts: ImagePluginOptions): Promise<void> {
  const { storage } = opts;
  // One sharp run per variant even when a page asks for it several times at once (on this instance; two
  // instances may both make it, and the later whole write wins with the same picture).
  const inFlight = new Map<string, Promise<void>>();

  async function ensureVariant(source: string, target: string, width: number, sourceInfo: StoredInfo) {
    const made = await storage.head(target);
    if (made && made.modified >= sourceInfo.modified) return;
    let job = inFlight.get(target);
    if (!job) {
      job = (async () => {
        const original = await storage.read(source);
        if (!original) throw new Error('the original went away');
        const webp = await sharp()(original)
          .rotate()
          .resize({ width, withoutEnlargement: true })
          .webp({ quality: QUALITY })
          .toBuffer();
        await storage.put(target, webp, 'image/webp');
      })().finally(() => inFlight.delete(target));
      inFlight.set(target, job);
    }
    await job;
  }

  app.get<{ Params: { width: string; '*': string } }>('/img/:width/*', async (request, reply) => {
    const width = Number(request.params.width);
    if (!(IMAGE_WIDTHS as readonly number[]).includes(width))
      throw badRequest(`Ширина изображения: ${IMAGE_WIDTHS.join(', ')}`);
    const source = sourceKey(request.params['*']);
    if (!source) throw fileNotFound();
    const info = await storage.head(source);
    if (!info) throw fileNotFound();

    const target = variantKey(source, width);
    try {
      await ensureVariant(source, target, width, info);
    } catch (error) {
      // A file with an image name that sharp cannot read: nothing to show.
      request.log.warn({ err: error, source }, 'image variant failed');
      throw fileNotFound();
    }
    const made = await storage.open(target);
    if (!made) throw fileNotFound();
    return sendStored(request, reply, made, { contentType: 'image/webp', cacheControl: CACHE_CONTROL });
  });
}
