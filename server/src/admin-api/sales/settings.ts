// GET /api/admin/settings/current: the shop's one settings row for the settings screen (created with
// defaults if the shop has none yet), plus whether each secret is set. The secrets themselves
// (smtpPassword, smsApiKey: writeOnly in the schema) never leave the server; the screen replaces or
// clears them through the ordinary PUT /api/admin/settings/:id.
import type { FastifyInstance } from 'fastify';
import { settings } from '../../../generated/tables';
import { getRecord, type Registry } from '../../crud/service';
import type { Db } from '../../db';
import { settingsRow } from '../../settings';
import { requireRole, resourceOf } from './access';

export const SECRET_FIELDS = ['smtpPassword', 'smsApiKey'] as const;

export function settingsRoutes(db: Db, registry: Registry) {
  const def = resourceOf(registry, 'settings');
  return async function plugin(app: FastifyInstance) {
    app.get('/settings/current', async (request) => {
      requireRole(def, request, 'edit');
      let row = await settingsRow(db);
      if (!row) [row] = await db.insert(settings).values({ shopName: 'Магазин' }).returning();
      const record = await getRecord(db, def, row!.id);
      const secrets = Object.fromEntries(
        SECRET_FIELDS.map((f) => [f, typeof row![f] === 'string' && row![f] !== '']),
      ) as Record<(typeof SECRET_FIELDS)[number], boolean>;
      return { data: { record, secrets } };
    });
  };
}
