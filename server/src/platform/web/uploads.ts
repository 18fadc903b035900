// How /uploads/<key> is served: the stored pictures, from whichever store holds them (the local folder or the
// bucket), and nothing else a browser could take for a page. Uploads are re-encoded before they are stored
// (storage/image-check.ts), but the store can hold files put there by other means (a restored backup, a
// script, older uploads, the copy command): only picture types are served, with their own Content-Type,
// never sniffed, and sandboxed should a browser open one as a document anyway.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../http/errors';
import { isSafeKey, pictureType, type FileStorage, type StoredFile } from '../storage';

/** As @fastify/static's maxAge '30d' gave the local files: an upload's address never gets other bytes. */
const CACHE_CONTROL = 'public, max-age=2592000';

export const fileNotFound = () => new ApiError(404, 'not_found', 'Изображение не найдено');

/** Whether the browser's copy is still the stored one (If-None-Match first, as RFC 9110 says). */
function isFresh(request: FastifyRequest, file: StoredFile): boolean {
  const weak = (tag: string) => tag.trim().replace(/^W\//, '');
  const tags = request.headers['if-none-match'];
  if (tags) return tags.trim() === '*' || tags.split(',').some((tag) => weak(tag) === weak(file.etag));
  const since = Date.parse(request.headers['if-modified-since'] ?? '');
  // HTTP dates have whole seconds.
  return Number.isFinite(since) && Math.floor(file.modified.getTime() / 1000) * 1000 <= since;
}

/** Sends a stored file with its tag and time, or 304 when the browser has it already. */
export function sendStored(
  request: FastifyRequest,
  reply: FastifyReply,
  file: StoredFile,
  headers: { contentType: string; cacheControl: string },
) {
  reply
    .header('ETag', file.etag)
    .header('Last-Modified', file.modified.toUTCString())
    .header('Cache-Control', headers.cacheControl);
  if (isFresh(request, file)) {
    file.body.destroy();
    return reply.code(304).send();
  }
  return reply
    .header('Content-Type', headers.contentType)
    .header('Content-Length', file.size)
    .send(file.body);
}

export async function uploadsPlugin(app: FastifyInstance, opts: { storage: FileStorage }): Promise<void> {
  app.get<{ Params: { '*': string } }>('/uploads/*', async (request, reply) => {
    const key = request.params['*'];
    const type = pictureType(key);
    if (!type || !isSafeKey(key)) throw fileNotFound();
    const file = await opts.storage.open(key);
    if (!file) throw fileNotFound();
    reply
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
    return sendStored(request, reply, file, { contentType: type, cacheControl: CACHE_CONTROL });
  });
}
