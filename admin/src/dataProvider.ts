// react-admin's data provider: ra-data-simple-rest on /api/admin, with its HTTP calls going through the one
// shared API client (@shop/client: base address, timeout, the admin's CSRF token beside its session
// cookie). Our error body { error: { code, message, fields } } becomes an HttpError with the Russian
// message, and the field messages go to body.errors, which react-admin shows on the inputs.
import simpleRestProvider from 'ra-data-simple-rest';
import { fetchUtils, HttpError, type DataProvider } from 'react-admin';
import { apiErrorMessage, apiErrorStatus, type ApiClient } from '@shop/client';
import type { ProductImportReport } from '@shop/schemas';

export const ADMIN_API = '/api/admin';

export interface HttpResult {
  status: number;
  headers: Headers;
  body: string;
  json: unknown;
}

interface ErrorBody {
  error?: { code?: string; message?: string; fields?: Record<string, unknown> };
}

const STATUS_MESSAGES: Record<number, string> = {
  400: 'Запрос отклонён: проверьте данные',
  401: 'Требуется вход',
  403: 'Недостаточно прав',
  404: 'Запись не найдена',
  409: 'Конфликт: запись изменилась или уже существует',
  413: 'Слишком большой запрос',
  429: 'Слишком много запросов. Подождите немного.',
};

export function statusMessage(status: number): string {
  return (
    STATUS_MESSAGES[status] ?? (status >= 500 ? 'Ошибка сервера. Попробуйте ещё раз.' : 'Произошла ошибка')
  );
}

/** "/offers/0/article" and "offers[0].article" → "offers.0.article", the path react-hook-form uses. */
export function fieldPath(key: string): string {
  return key
    .replace(/^\//, '')
    .replace(/\//g, '.')
    .replace(/\[(\d+)\]/g, '.$1')
    .replace(/^\./, '');
}

/** Our error answer → HttpError; with field messages, body.errors holds them plus the message for the form. */
export function toHttpError(status: number, json: unknown): HttpError {
  const error = (json as ErrorBody | undefined)?.error;
  const message = error?.message || statusMessage(status);
  const fields = Object.entries(error?.fields ?? {}).filter(
    (e): e is [string, string] => typeof e[1] === 'string',
  );
  const body: Record<string, unknown> = json !== null && typeof json === 'object' ? { ...json } : {};
  if (fields.length > 0) {
    body.errors = {
      ...Object.fromEntries(fields.map(([k, v]) => [fieldPath(k), v])),
      root: { serverError: message },
    };
  }
  return new HttpError(message, status, body);
}

function isCancel(error: unknown): boolean {
  const e = error as { name?: string; code?: string } | null;
  return e?.name === 'CanceledError' || e?.code === 'ERR_CANCELED';
}

function toHeaders(raw: Record<string, unknown>): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(raw)) {
    if (value === null || value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, String(v));
  }
  return headers;
}

/** A generated method's call (client.adminPlatform.history…), its failure as the HttpError react-admin reads. */
async function viaClient<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (isCancel(error)) throw error;
    const status = apiErrorStatus(error);
    if (status === undefined) throw new HttpError(apiErrorMessage(error), 0, null);
    const response = error instanceof Error && 'response' in error ? error.response : undefined;
    throw toHttpError(
      status,
      response && typeof response === 'object' && 'data' in response ? response.data : undefined,
    );
  }
}

/** The `httpClient` ra-data-simple-rest calls, answering in the shape of fetchUtils.fetchJson. */
export function createHttpClient(client: ApiClient) {
  return async (url: string, options: fetchUtils.Options = {}): Promise<HttpResult> => {
    const requestHeaders = fetchUtils.createHeadersFromOptions(options);
    let response;
    try {
      response = await client.http.request<string>({
        url,
        method: options.method ?? 'GET',
        data: options.body ?? undefined,
        headers: Object.fromEntries(requestHeaders.entries()),
        signal: options.signal ?? undefined,
        responseType: 'text',
        transformResponse: (data: unknown) => data,
        validateStatus: () => true,
      });
    } catch (error) {
      if (isCancel(error)) throw error;
      throw new HttpError(apiErrorMessage(error), 0, null);
    }
    const body = typeof response.data === 'string' ? response.data : JSON.stringify(response.data ?? '');
    let json: unknown;
    try {
      json = body ? JSON.parse(body) : undefined;
    } catch {
      json = undefined;
    }
    if (response.status < 200 || response.status >= 300) throw toHttpError(response.status, json);
    return { status: response.status, headers: toHeaders(response.headers), body, json };
  };
}

/** One line of a history entry, already in Russian (labels, enum labels, roubles). */
export interface HistoryLine {
  label: string;
  from?: string;
  to?: string;
  note?: string;
}

export interface HistoryEntry {
  id: number;
  action: 'create' | 'update' | 'delete';
  actionLabel: string;
  userName: string | null;
  createdAt: string;
  lines: HistoryLine[];
}

export interface HistoryPage {
  data: HistoryEntry[];
  total: number;
}

export type ImportReport = ProductImportReport;

/** The counts of a list's tabs (x-list.tabs): «Все» and each value of the field. */
export interface ListCounts {
  total: number;
  values: Record<string, number>;
}

/** react-admin's methods plus the admin API's own: history, CSV export and the products import. */
export interface ShopDataProvider extends DataProvider {
  getHistory(resource: string, recordId: number, page: number, perPage: number): Promise<HistoryPage>;
  /** How many records each tab of a list split by `field` holds under the list's filter. */
  getCounts(resource: string, field: string, filter: Record<string, unknown>): Promise<ListCounts>;
  /** The filtered, sorted list as the server's CSV file. */
  exportCsv(
    resource: string,
    params: { filter: object; sort: { field: string; order: string } },
  ): Promise<Blob>;
  /** commit false: the check alone; commit true: the write, or the report of what stopped it. */
  /** The products file's columns (the directories of offers' attributes among them). */
  productImportColumns(): Promise<{ code: string; header: string; help: string }[]>;
}

/**
 * Bulk delete, one request per record so that each record's references are checked on its own: the ones
 * that can go are deleted, and the error names every record that could not be, with the server's reason.
 */
async function deleteOneByOne(
  http: ReturnType<typeof createHttpClient>,
  resource: string,
  ids: (string | number)[],
): Promise<{ data: (string | number)[] }> {
  const deleted: (string | number)[] = [];
  const failed: string[] = [];
  for (const id of ids) {
    try {
      await http(`${ADMIN_API}/${resource}/${encodeURIComponent(String(id))}`, { method: 'DELETE' });
      deleted.push(id);
    } catch (error) {
      if (isCancel(error)) throw error;
      failed.push(`№${id}: ${error instanceof Error ? error.message : statusMessage(0)}`);
    }
  }
  if (failed.length > 0) {
    throw new HttpError(
      `Удалено ${deleted.length} из ${ids.length}. Не удалось удалить: ${failed.join('; ')}`,
      409,
      { deleted, failed },
    );
  }
  return { data: deleted };
}

export function createDataProvider(client: ApiClient): ShopDataProvider {
  const http = createHttpClient(client);
  const base = simpleRestProvider(ADMIN_API, http);
  const json = async <T>(url: string, options: fetchUtils.Options = {}) =>
    (await http(url, options)).json as T;
  return {
    ...base,
    deleteMany: (resource, params) => deleteOneByOne(http, resource, params.ids),
    getHistory: (resource, recordId, page, perPage) =>
      viaClient(client.adminPlatform.history({ resource, recordId, page, perPage })),
    getCounts: async (resource, field, filter) =>
      (
        await json<{ data: ListCounts }>(
          `${ADMIN_API}/${resource}/counts?${new URLSearchParams({
            field,
            filter: JSON.stringify(filter),
          }).toString()}`,
        )
      ).data,
    exportCsv: async (resource, { filter, sort }) => {
      const query = new URLSearchParams({
        filter: JSON.stringify(filter),
        sort: JSON.stringify([sort.field, sort.order]),
      });
      const response = await client.http.get<Blob>(
        `${ADMIN_API}/${resource}/export.csv?${query.toString()}`,
        {
          responseType: 'blob',
          validateStatus: () => true,
        },
      );
      if (response.status !== 200) {
        let body: unknown;
        try {
          body = JSON.parse(await response.data.text());
        } catch {
          body = undefined;
        }
        throw toHttpError(response.status, body);
      }
      return response.data;
    },
    productImportColumns: () => viaClient(client.adminPlatform.importColumns()),
  };
}
