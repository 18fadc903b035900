// react-admin's data provider: ra-data-simple-rest on /api/admin, with its HTTP calls going through the one
// shared API client (@shop/client: base address, timeout, the token in Authorization). Our error body
// { error: { code, message, fields } } becomes an HttpError with the Russian message, and the field
// messages go to body.errors, which react-admin shows on the inputs.
import simpleRestProvider from 'ra-data-simple-rest';
import { fetchUtils, HttpError, type DataProvider } from 'react-admin';
import { apiErrorMessage, type ApiClient } from '@shop/client';

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

export function createDataProvider(client: ApiClient): DataProvider {
  return simpleRestProvider(ADMIN_API, createHttpClient(client));
}
