// The admin tools every domain shares (under /api/admin): the change history of a record, the products'
// CSV import (server/src/platform/crud) and the background jobs that run it (server/src/jobs).
import { api, contract, envelope, idParams, pagingQuery, recordId } from './contract';

// ---- history --------------------------------------------------------------------------------------

/** The most entries one answer holds, whatever was asked (the admin's panel asks for all it has shown). */
export const HISTORY_PAGE_MAX = 100;

export const history = contract({
  name: 'adminPlatform.history',
  method: 'GET',
  path: '/admin/history',
  tags: ['История изменений'],
  summary: 'История изменений записи, новые первыми, с готовыми строками на русском',
  description: 'Для роли, которой доступен просмотр раздела (и, при ограничении по строкам, самой записи).',
  query: {
    required: ['resource', 'recordId'],
    ...pagingQuery(
      { default: 20, max: 10_000 },
      {
        perPage: {
          type: 'integer',
          minimum: 1,
          maximum: 10_000,
          default: 20,
          description: `Записей на странице; больше ${HISTORY_PAGE_MAX} — отдаётся ${HISTORY_PAGE_MAX}`,
          'x-label': 'Записей на странице',
        },
        resource: {
          type: 'string',
          minLength: 1,
          maxLength: 100,
          description: 'Раздел: имя ресурса (products, orders…)',
          'x-label': 'Раздел',
        },
        recordId: recordId('Номер записи', 'Ожидается положительное целое число'),
      },
    ),
  },
  response: {
    200: {
      type: 'object',
      additionalProperties: false,
      required: ['data', 'total', 'page', 'perPage'],
      properties: {
        data: { type: 'array', items: api('admin-history-entry') },
        total: { type: 'integer' },
        page: { type: 'integer' },
        perPage: { type: 'integer' },
      },
    },
  },
});

// ---- the products' CSV import ---------------------------------------------------------------------

const PRODUCTS = ['Товары'];

export const importColumns = contract({
  name: 'adminPlatform.importColumns',
  method: 'GET',
  path: '/admin/products/import/columns',
  tags: PRODUCTS,
  summary: 'Колонки CSV-файла импорта товаров',
  response: {
    200: envelope({
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['code', 'header', 'help'],
        properties: {
          code: { type: 'string' },
          header: { type: 'string', description: "The column's header in the file" },
          help: { type: 'string', description: 'What the column holds, in Russian' },
          directory: {
            type: 'boolean',
            description: "A directory's column: an offer attribute, by entry code",
          },
        },
      },
    }),
  },
});

/** Both starts of the import take the file and answer 202 with the job that does the work. */
const importStart = {
  method: 'POST',
  tags: PRODUCTS,
  body: api('product-import-request'),
  response: { 202: envelope(api('admin-job')) },
} as const;

export const previewImport = contract({
  ...importStart,
  name: 'adminPlatform.previewImport',
  path: '/admin/products/import/preview',
  summary: 'Проверка CSV-файла товаров в фоне: задача с отчётом по каждой строке, ничего не записывается',
});

export const importProducts = contract({
  ...importStart,
  name: 'adminPlatform.importProducts',
  path: '/admin/products/import',
  summary: 'Импорт CSV-файла товаров в фоне: задача пишет только изменения, в одной транзакции, или ничего',
});

// ---- background jobs ------------------------------------------------------------------------------

/** The kinds of background jobs (schemas/api/admin-job's `kind`). */
export const JOB_KINDS = ['products-import-preview', 'products-import'] as const;

const JOBS = ['Фоновые задачи'];

export const currentJob = contract({
  name: 'adminPlatform.currentJob',
  method: 'GET',
  path: '/admin/jobs/current',
  tags: JOBS,
  summary: 'Незавершённая фоновая задача этих видов, запущенная вами (или null)',
  query: {
    type: 'object',
    additionalProperties: false,
    required: ['kind'],
    properties: {
      kind: {
        type: 'string',
        description: 'Виды через запятую: products-import-preview,products-import',
        pattern: `^(${JOB_KINDS.join('|')})(,(${JOB_KINDS.join('|')}))*$`,
        maxLength: 200,
        'x-label': 'Вид задачи',
      },
    },
  },
  response: { 200: envelope({ anyOf: [{ type: 'null' }, api('admin-job')] }) },
});

export const job = contract({
  name: 'adminPlatform.job',
  method: 'GET',
  path: '/admin/jobs/:id',
  tags: JOBS,
  summary: 'Фоновая задача: ход, результат или ошибка',
  params: idParams,
  response: { 200: envelope(api('admin-job')) },
});
