// GET /ops/backup: a whole backup of the running shop, for npm run db:backup while the shop holds its PGlite
// folder (no second process may open it, platform/db/data-dir-lock.ts), or for an owner's own
// `curl -H "Authorization: Bearer $BACKUP_TOKEN"`. Exists only when BACKUP_TOKEN is set; outside /api (it is
// an operator's door, not part of the shop's API, like /metrics).
//
// The backup is written to a temporary file first and sent from there: on PGlite every other query of the
// shop waits while the snapshot is read, so the reading must go at the disk's pace, not at the pace of
// whoever downloads it.
import type { FastifyInstance } from 'fastify';
import { createHash, timingSafeEqual } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Config } from '../config';
import type { Database } from '../db';
import { ApiError } from '../http/errors';
import { writeBackup } from './backup';
import { picturesStep } from './pictures';

export const BACKUP_PATH = '/ops/backup';

const digest = (s: string) => createHash('sha256').update(s).digest();

/** Compares digests, so that the time a refusal takes says nothing about how much of the token was right. */
function tokenMatches(header: string | undefined, token: string): boolean {
  const given = /^Bearer (\S+)$/.exec(header ?? '')?.[1];
  return given !== undefined && timingSafeEqual(digest(given), digest(token));
}

export function backupRoute(opts: { database: Database; config: Config }) {
  const token = opts.config.backupToken;
  return async (app: FastifyInstance) => {
    if (!token) return;
    let running = false;
    app.get(BACKUP_PATH, { schema: { hide: true } }, async (request, reply) => {
      if (!tokenMatches(request.headers.authorization, token))
        throw new ApiError(
          401,
          'unauthorized',
          'Нужен ключ резервного копирования: Authorization: Bearer <BACKUP_TOKEN>',
        );
      if (running) throw new ApiError(409, 'busy', 'Резервная копия уже снимается: повторите позже');
      running = true;
      const dir = await mkdtemp(join(tmpdir(), 'shop-backup-'));
      const file = join(dir, 'backup.tar.gz');
      try {
        const summary = await writeBackup(
          { database: opts.database, pictures: picturesStep(opts.config) },
          createWriteStream(file),
        );
        const { size } = await stat(file);
        request.log.info(
          { bytes: size, snapshotMs: Math.round(summary.snapshotMs), pictures: summary.pictures.files },
          'backup taken',
        );
        const name = `shop-backup-${summary.manifest.createdAt.replace(/[:.]/g, '-')}.tar.gz`;
        const body = createReadStream(file);
        // The temporary file goes once it is sent, or once the client went away.
        reply.raw.once('close', () => void rm(dir, { recursive: true, force: true }));
        return reply
          .header('content-type', 'application/gzip')
          .header('content-length', size)
          .header('content-disposition', `attachment; filename="${name}"`)
          .header('cache-control', 'no-store')
          .send(body);
      } catch (e) {
        await rm(dir, { recursive: true, force: true });
        throw e;
      } finally {
        running = false;
      }
    });
  };
}
