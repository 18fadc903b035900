// Site-wide public reads: GET /api/maintenance-mode (spec §7), GET /api/site/settings, GET /api/health.
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { PublicSettings } from '@shop/schemas';
import type { Database } from '../platform/db';
import { api, envelope } from '../platform/http/route-schemas';
import { countOf, ownerOf } from '../domains/sales';
import { keptUntilChange, sendKept, type PublicData } from '../platform/web/public-data';
import { settingsRow } from '../domains/settings';

const SITE = ['Сайт'];

type SettingsRow = Awaited<ReturnType<typeof settingsRow>>;

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
  };
}

export function siteRoutes(database: Database, publicData: PublicData) {
  const { db } = database;
  // Every page asks for these (the root loader) and they change a few times a year: kept in memory.
  const settingsNow = keptUntilChange(publicData, () => settingsRow(db));
  const publicSettingsNow = keptUntilChange(publicData, async () => publicSettings(await settingsNow()));
  return async function plugin(app: FastifyInstance) {
    const maintenanceSchema = {
      tags: SITE,
      summary: 'Режим обслуживания и число товаров в корзине',
      response: { 200: envelope(api('maintenance-mode')) },
    };
    app.get('/maintenance-mode', { schema: maintenanceSchema }, async (request) => {
      const [s, cartCount] = await Promise.all([settingsNow(), countOf(db, ownerOf(request))]);
      return { data: { maintenanceMode: s?.maintenanceMode ?? false, cartCount } };
    });
    const settingsSchema = {
      tags: SITE,
      summary: 'Публичные настройки магазина: контакты, реквизиты, соцсети',
      response: { 200: envelope(api('public-settings')) },
    };
    app.get('/site/settings', { schema: settingsSchema }, async (_request, reply) => {
      const settings = await publicSettingsNow();
      return sendKept(reply, settings, { data: settings });
    });
    const healthSchema = {
      tags: SITE,
      summary: 'Проверка работоспособности: сервер отвечает, база данных доступна',
      response: {
        200: envelope({
          type: 'object',
          additionalProperties: false,
          required: ['status', 'database'],
          properties: {
            status: { type: 'string', enum: ['ok'] },
            database: { type: 'string', enum: ['pglite', 'postgres'], description: 'Какая база данных' },
          },
        }),
      },
    };
    app.get('/health', { schema: healthSchema }, async () => {
      await db.execute(sql`SELECT 1`);
      return { data: { status: 'ok', database: database.kind } };
    });
  };
}
