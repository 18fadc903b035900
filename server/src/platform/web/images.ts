// Responsive images (spec §9): GET /img/<width>/<path under /uploads> answers a WebP of the uploaded image
// at one of the spec's breakpoint widths, made with sharp on the first request and kept on disk under
// <uploads>/.variants/<width>/, so every later request is a plain file read. Never larger than the original.
// The storefront's <Picture> builds its srcset from these addresses.
import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, extname, join, resolve, sep } from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { ApiError, badRequest } from '../http/errors';

/** xs, sm, md, lg, xl, 2xl of spec §9. */
export const IMAGE_WIDTHS = [320, 640, 768, 1024, 1280, 1536] as const;
export const VARIANTS_DIR = '.variants';
const SOURCE_TYPES = new Set(['.webp', '.png', '.jpg', '.jpeg', '.gif', '.avif', '.tif', '.tiff', '.svg']);
const QUALITY = 80;
// The address names the source file, which is never rewritten in place (uploads get new names).
const CACHE_CONTROL = 'public, max-age=31536000, immutable';

const imageNotFound = () => new ApiError(404, 'not_found', 'Изображение не найдено');

export interface ImagePluginOptions {
  uploadsDir: string;
}

/**
 * The source file for a requested path, or null when the path leaves the uploads folder, names a hidden
 * file or folder (the variants themselves among them) or is not an image type.
 */
export function sourcePath(uploadsDir: string, requested: string): string | null {
  if (!requested || requested.length > 500 || requested.includes('\0') || requested.includes('\\'))
    return null;
  const parts = requested.split('/');
  if (parts.some((p) => p === '' || p.startsWith('.'))) return null;
  if (!SOURCE_TYPES.has(extname(requested).toLowerCase())) return null;
  const root = resolve(uploadsDir);
  const file = resolve(root, ...parts);
  return file.startsWith(root + sep) ? file : null;
}

export async function imagesPlugin(app: FastifyInstance, opts: ImagePluginOptions): Promise<void> {
  const root = resolve(opts.uploadsDir);
  // One sharp run per variant even when a page asks for it several times at once.
  const inFlight = new Map<string, Promise<void>>();

  async function ensureVariant(source: string, target: string, width: number, sourceTime: number) {
    const made = await stat(target).catch(() => null);
    if (made && made.mtimeMs >= sourceTime) return;
    let job = inFlight.get(target);
    if (!job) {
      job = (async () => {
        await mkdir(dirname(target), { recursive: true });
        // Written aside and renamed: a reader never sees half a file.
        const tmp = `${target}.${process.pid}.${Date.now()}.tmp`;
        try {
          await sharp(source)
            .rotate()
            .resize({ width, withoutEnlargement: true })
            .webp({ quality: QUALITY })
            .toFile(tmp);
          await rename(tmp, target);
        } catch (error) {
          await rm(tmp, { force: true });
          throw error;
        }
      })().finally(() => inFlight.delete(target));
      inFlight.set(target, job);
    }
    await job;
  }

  app.get<{ Params: { width: string; '*': string } }>('/img/:width/*', async (request, reply) => {
    const width = Number(request.params.width);
    if (!(IMAGE_WIDTHS as readonly number[]).includes(width))
      throw badRequest(`Ширина изображения: ${IMAGE_WIDTHS.join(', ')}`);
    const source = sourcePath(root, request.params['*']);
    if (!source) throw imageNotFound();
    const info = await stat(source).catch(() => null);
    if (!info?.isFile()) throw imageNotFound();

    const relative = source.slice(root.length + 1);
    const target = join(root, VARIANTS_DIR, String(width), `${relative}.webp`);
    try {
      await ensureVariant(source, target, width, info.mtimeMs);
    } catch (error) {
      // A file with an image name that sharp cannot read: nothing to show.
      request.log.warn({ err: error, source: relative }, 'image variant failed');
      throw imageNotFound();
    }
    const made = await stat(target);
    return reply
      .header('Content-Type', 'image/webp')
      .header('Content-Length', made.size)
      .header('Cache-Control', CACHE_CONTROL)
      .header('Last-Modified', made.mtime.toUTCString())
      .send(createReadStream(target));
  });
}
