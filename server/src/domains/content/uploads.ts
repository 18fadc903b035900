// Uploads and images: POST /api/admin/uploads and what the image fields need.
// Registered under /api/admin by admin-api.ts, next to the generated CRUD routes.
//
// A request carries one or several files (multipart). Every file is read and judged first (a real JPEG,
// PNG, WebP, AVIF or GIF by its content, at most 10 MB); only when all of them pass are they stored, so a
// refused request leaves nothing behind. The answer names the stored addresses; the storefront's
// responsive WebP variants come from GET /img/<width>/<path> (web/images.ts) for these files as for any.
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AdminUploadedImage } from '@shop/schemas';
import { ENTITIES_DIR, schemaPaths } from '@shop/schemas/files';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { ApiError, badRequest, forbidden, unauthorized } from '../../platform/http/errors';
import { serve } from '../../platform/http/contract';
import { MAX_UPLOAD_FILES, uploadImages } from '@shop/schemas/contracts/content';
import type { FileStorage } from '../../platform/storage';
import { checkImage } from '../../platform/storage/image-check';
import type { AdminApiContext } from '../../platform/types';
import type { Role } from '../../platform/crud/types';

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
/** Enough for a gallery's event in one go (the gallery itself holds at most 200): the contract's. */
export { MAX_UPLOAD_FILES };
/** All files of one request together: they are held in memory until every one of them is judged. */
export const MAX_UPLOAD_TOTAL_BYTES = 100 * 1024 * 1024;

/** A stored image as the answer names it (schemas/api/admin-uploaded-image). */
export type UploadedImage = AdminUploadedImage;

type SchemaNode = {
  'x-ui'?: { widget?: string };
  properties?: Record<string, SchemaNode>;
  items?: SchemaNode;
};

function hasImageWidget(node: SchemaNode | undefined): boolean {
  if (!node) return false;
  const widget = node['x-ui']?.widget;
  if (widget === 'image' || widget === 'images') return true;
  return Object.values(node.properties ?? {}).some(hasImageWidget) || hasImageWidget(node.items);
}

/**
 * The resources whose schema has an image field (x-ui.widget image or images, in child rows too): whoever
 * may create or edit one of them may upload. Read from the schemas, so a new image field needs no change here.
 */
export function imageResources(entitiesDir = ENTITIES_DIR): string[] {
  return schemaPaths(entitiesDir)
    .map((path) => JSON.parse(readFileSync(path, 'utf8')) as SchemaNode & { $id: string })
    .filter((schema) => hasImageWidget(schema))
    .map((schema) => schema.$id);
}

const sizeInMb = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} МБ`;

interface ReceivedFile {
  name: string;
  data: Buffer;
  tooLarge: boolean;
}

async function receiveFiles(request: FastifyRequest, maxTotalBytes: number): Promise<ReceivedFile[]> {
  const files: ReceivedFile[] = [];
  let total = 0;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      const chunks: Buffer[] = [];
      for await (const chunk of part.file) {
        total += (chunk as Buffer).length;
        if (total > maxTotalBytes)
          throw new ApiError(
            413,
            'too_large',
            `За один раз можно отправить не больше ${sizeInMb(maxTotalBytes)}: загрузите файлы частями`,
          );
        chunks.push(chunk as Buffer);
      }
      // Past the limit busboy stops keeping bytes and marks the stream truncated; the rest of the
      // request is still read so every refused file can be named.
      files.push({
        name: part.filename || 'без имени',
        data: Buffer.concat(chunks),
        tooLarge: part.file.truncated,
      });
    }
  } catch (error) {
    if (error instanceof ApiError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT')
      throw new ApiError(
        413,
        'too_many_files',
        `За один раз можно загрузить не больше ${MAX_UPLOAD_FILES} файлов`,
      );
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE')
      throw badRequest('Файлы отправляются формой multipart/form-data');
    throw badRequest('Файлы пришли не полностью. Попробуйте загрузить их ещё раз.');
  }
  return files;
}

function uploadKey(extension: string, now = new Date()): string {
  const month = String(now.getUTCMonth() + 1).padStart(2, '0');
  return `${now.getUTCFullYear()}/${month}/${randomUUID()}.${extension}`;
}

async function storeAll(storage: FileStorage, files: { key: string; data: Buffer }[]): Promise<string[]> {
  const stored: string[] = [];
  try {
    for (const file of files) {
      await storage.put(file.key, file.data);
      stored.push(file.key);
    }
  } catch (error) {
    // A disk that fills half way, a bucket that stops answering: the files already written go too, the
    // request changes nothing.
    await Promise.all(stored.map((key) => storage.delete(key).catch(() => undefined)));
    throw error;
  }
  return files.map((f) => storage.url(f.key));
}

export interface MediaOptions {
  /** Where files go; the shop's store (ctx.storage) by default (tests pass another one). */
  storage?: FileStorage;
  maxTotalBytes?: number;
}

export function mediaRoutes(ctx: AdminApiContext, opts: MediaOptions = {}) {
  const storage = opts.storage ?? ctx.storage;
  const maxTotalBytes = opts.maxTotalBytes ?? MAX_UPLOAD_TOTAL_BYTES;
  const names = new Set(imageResources());
  const uploaders = new Set<Role>(
    ctx.resources
      .filter((def) => names.has(def.resource))
      .flatMap((def) => [...def.access.create, ...def.access.edit]),
  );
  const requireUploader = async (request: FastifyRequest) => {
    if (!request.user) throw unauthorized();
    if (!uploaders.has(request.user.role as Role))
      throw forbidden('Недостаточно прав для загрузки изображений');
  };

  return async function plugin(app: FastifyInstance) {
    // Only in this plugin's scope: no other admin route accepts multipart bodies.
    await app.register(multipart, {
      throwFileSizeLimit: false,
      limits: {
        fileSize: MAX_UPLOAD_BYTES,
        files: MAX_UPLOAD_FILES,
        fields: 20,
        parts: MAX_UPLOAD_FILES + 20,
      },
    });

    // A multipart form, read file by file below: the contract declares no JSON body, only what it answers.
    serve(
      app,
      uploadImages,
      async (request) => {
        if (!request.isMultipart()) throw badRequest('Файлы отправляются формой multipart/form-data');
        const files = await receiveFiles(request, maxTotalBytes);
        if (files.length === 0) throw badRequest('Выберите хотя бы один файл изображения');

        const problems: string[] = [];
        const accepted: { key: string; data: Buffer; file: ReceivedFile; width: number; height: number }[] =
          [];
        for (const file of files) {
          if (file.tooLarge) {
            problems.push(`Файл «${file.name}» больше ${sizeInMb(MAX_UPLOAD_BYTES)}`);
            continue;
          }
          const image = await checkImage(file.data);
          if (!image) {
            problems.push(`Файл «${file.name}» не является изображением JPEG, PNG, WebP, AVIF или GIF`);
            continue;
          }
          accepted.push({
            key: uploadKey(image.extension),
            data: image.data,
            file,
            width: image.width,
            height: image.height,
          });
        }
        if (problems.length > 0) {
          const status = files.some((f) => f.tooLarge) ? 413 : 400;
          throw new ApiError(status, 'bad_upload', `${problems.join('. ')}. Ничего не загружено.`);
        }

        const urls = await storeAll(storage, accepted);
        const data: UploadedImage[] = accepted.map((a, i) => ({
          url: urls[i]!,
          width: a.width,
          height: a.height,
          name: a.file.name,
          size: a.data.length,
        }));
        request.log.info({ files: data.map((d) => d.url), user: request.user?.id }, 'images uploaded');
        return { data };
      },
      { preValidation: requireUploader },
    );
  };
}
