// GET /api/admin/settings/current: the shop's one settings row for the settings screen (created with
// defaults if the shop has none yet), plus whether each secret is set. The secrets themselves
// (smtpPassword, smsApiKey: writeOnly in the schema) never leave the server; the screen replaces or
// clears them through the ordinary PUT /api/admin/settings/:id.
import type { FastifyInstance } from 'fastify';
import { settings } from '../../../generated/tables';
import { userContext } from '../../platform/crud/context';
import { getRecord } from '../../platform/crud/service';
import type { Db } from '../../platform/db';
import { requireAccess } from '../../platform/auth/guard';
import { serve } from '../../platform/http/contract';
import { getCurrentSettings, SECRET_FIELDS } from '@shop/schemas/contracts/settings';
import { settingsRow } from './settings';
import { resourceOf } from '../../platform/crud/resource-access';
import type { Registry } from '../../platform/crud/types';

export function settingsRoutes(db: Db, registry: Registry) {
  const def = resourceOf(registry, 'settings');
  return async function plugin(app: FastifyInstance) {
    serve(
      app,
      getCurrentSettings,
      async (request) => {
        let row = await settingsRow(db);
        if (!row) [row] = await db.insert(settings).values({ shopName: 'Магазин' }).returning();
        const record = await getRecord(userContext(db, registry, def, request.user!), row!.id);
        const secrets = Object.fromEntries(
          SECRET_FIELDS.map((f) => [f, typeof row![f] === 'string' && row![f] !== '']),
        ) as Record<(typeof SECRET_FIELDS)[number], boolean>;
        return { data: { record, secrets } };
      },
      { preValidation: requireAccess(def, 'edit') },
    );
  };
}
