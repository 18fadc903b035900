// Site-wide public reads: GET /api/maintenance-mode (spec §7), GET /api/site/settings, GET /api/health
// (liveness) and GET /api/health/ready (readiness, platform/db/readiness.ts).
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { PublicSettings } from '@shop/schemas';
import type { Database } from '../platform/db';
import type { Readiness } from '../platform/db/readiness';
import { serve } from '../platform/http/contract';
import { health, maintenanceMode, ready, settings } from '@shop/schemas/contracts/settings';
import { countOf, ownerOf } from '../domains/sales';
import { keptUntilChange, sendKept, type PublicData } from '../platform/web/public-data';
import { keptSettings, type SettingsRow } from '../domains/settings';

export function publicSettings(s: SettingsRow): PublicSettings {
  return {
    shopName: s?.shopName ?? 'Интернет-магазин',
    supportPhone: s?.supportPhone ?? null,
    supportEmail: s?.supportEmail ?? null,
    workingHours: s?.workingHours ?? null,
    address: s?.address ?? null,
    mapLatitude: s?.mapLatitude ?? null,
    mapLongitude: s?.mapLongitude ?? null,
    legalName: s?.legalName ?? null,
    ogrn: s?.ogrn ?? null,
    inn: s?.inn ?? null,
    kpp: s?.kpp ?? null,
    legalAddress: s?.legalAddress ?? null,
    privacyPolicyUrl: s?.privacyPolicyUrl ?? null,
    social: {
      pinterest: s?.pinterestUrl ?? null,
      vk: s?.vkUrl ?? null,
      telegram: s?.telegramUrl ?? null,
      ozon: s?.ozonUrl ?? null,
      wildberries: s?.wildberriesUrl ?? null,
      whatsapp: s?.whatsappUrl ?? null,
    },
    analyticsCounterId: s?.analyticsCounterId ?? null,
    mapsApiKey: s?.mapsApiKey ?? null,
    seoTitle: s?.seoTitle ?? null,
    seoDescription: s?.seoDescription ?? null,
    maintenanceMode: s?.maintenanceMode ?? false,
    bonus: s?.bonusEnabled ? { accrualPercent: s.bonusAccrualPercent, pointValue: s.bonusPointValue } : null,
  };
}

export function siteRoutes(database: Database, publicData: PublicData, readiness: () => Promise<Readiness>) {
  const { db } = database;
  // Every page asks for these (the root loader) and they change a few times a year: kept in memory.
  const settingsNow = keptSettings(publicData, db);
  const publicSettingsNow = keptUntilChange(publicData, async () => publicSettings(await settingsNow()), {
    tables: ['settings'],
  });
  return async function plugin(app: FastifyInstance) {
    serve(app, maintenanceMode, async (request) => {
      const [s, cartCount] = await Promise.all([settingsNow(), countOf(db, ownerOf(request))]);
      return { data: { maintenanceMode: s?.maintenanceMode ?? false, cartCount } };
    });
    serve(app, settings, async (_request, reply) => {
      const current = await publicSettingsNow();
      return sendKept(reply, current, { data: current });
    });
    serve(app, health, async () => {
      await db.execute(sql`SELECT 1`);
      return { data: { status: 'ok', database: database.kind } };
    });
    serve(app, ready, async (_request, reply) => {
      const state = await readiness();
      reply.header('Cache-Control', 'no-store');
      if (!state.ready) return reply.code(503).send({ error: { code: state.code, message: state.message } });
      return { data: { status: 'ready' as const, database: database.kind } };
    });
  };
}
