// The settings' endpoints (server/src/domains/settings): the site's public reads and the admin's settings screen.
import { api, contract, envelope, failure } from './contract';

const SITE = ['Сайт'];

export const maintenanceMode = contract({
  name: 'site.maintenanceMode',
  method: 'GET',
  path: '/maintenance-mode',
  tags: SITE,
  summary: 'Режим обслуживания и число товаров в корзине',
  response: { 200: envelope(api('maintenance-mode')) },
});

export const settings = contract({
  name: 'site.settings',
  method: 'GET',
  path: '/site/settings',
  tags: SITE,
  summary: 'Публичные настройки магазина: контакты, реквизиты, соцсети',
  response: { 200: envelope(api('public-settings')) },
});

/** What the health checks answer: their state and which database the server runs on. */
const healthState = (status: 'ok' | 'ready') => ({
  type: 'object' as const,
  additionalProperties: false,
  required: ['status', 'database'],
  properties: {
    status: { type: 'string' as const, enum: [status] },
    database: { type: 'string' as const, enum: ['pglite', 'postgres'], description: 'Какая база данных' },
  },
});

export const health = contract({
  name: 'site.health',
  method: 'GET',
  path: '/health',
  tags: SITE,
  summary: 'Проверка работоспособности: сервер отвечает, база данных доступна',
  response: {
    200: envelope(healthState('ok')),
  },
});

export const ready = contract({
  name: 'site.ready',
  method: 'GET',
  path: '/health/ready',
  tags: SITE,
  summary: 'Готовность принимать запросы: база данных отвечает и все миграции применены',
  description:
    'Для балансировщика и Kubernetes (readinessProbe): 503, пока база данных не отвечает (ждём 1,5 с) или ' +
    'не применены миграции, поставляемые с этой версией; снова 200, как только причина ушла, без перезапуска. ' +
    'GET /api/health — проверка, что процесс жив (livenessProbe).',
  external: true,
  response: {
    200: envelope(healthState('ready')),
    503: failure(
      'Не готов: code database_unreachable (база данных не отвечает) или migrations_pending (не применены миграции)',
    ),
  },
});

/** The settings' secrets: write-only, the screen is told only whether each is set. */
export const SECRET_FIELDS = ['smtpPassword', 'smsApiKey', 'ymlPassword'] as const;

export const getCurrentSettings = contract({
  name: 'adminSettings.getCurrent',
  method: 'GET',
  path: '/admin/settings/current',
  tags: ['Настройки'],
  summary: 'Настройки магазина для экрана настроек и то, заданы ли секреты (сами секреты не отдаются)',
  response: {
    200: envelope({
      type: 'object',
      additionalProperties: false,
      required: ['record', 'secrets'],
      properties: {
        // The record as GET /api/admin/settings/{id} answers it (getRecord leaves the secrets out).
        record: { type: 'object', additionalProperties: true },
        secrets: {
          type: 'object',
          additionalProperties: false,
          required: [...SECRET_FIELDS],
          properties: Object.fromEntries(SECRET_FIELDS.map((f) => [f, { type: 'boolean' }])),
        },
      },
    }),
  },
});
