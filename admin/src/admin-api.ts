// The hand-written admin endpoints (/api/admin/…: dashboard, coupons, bonuses, moderation, settings, the
// catalogue's bulk actions, messages, the order screen) through the one API client (@shop/client) on the admin's session; a
// failure becomes an Error carrying the server's Russian message (and its per-field messages, for forms).
import { apiErrorMessage, apiFieldErrors, type ApiClient } from '@shop/client';
import { adminApiClient as client } from './authProvider';

export class AdminApiError extends Error {
  constructor(
    message: string,
    public fields: Record<string, string> = {},
  ) {
    super(message);
  }
}

function toError(error: unknown): AdminApiError {
  if (error instanceof AdminApiError) return error;
  return new AdminApiError(apiErrorMessage(error), apiFieldErrors(error));
}

/**
 * A generated method of the client (adminApiClient.adminSales.placeOrder…): its answer, or the server's
 * Russian refusal as an AdminApiError.
 */
export async function callAdmin<T>(call: (api: ApiClient) => Promise<T>): Promise<T> {
  try {
    return await call(client);
  } catch (error) {
    throw toError(error);
  }
}

export async function getAdmin<T>(path: string): Promise<T> {
  try {
    return (await client.http.get<{ data: T }>(`/api/admin${path}`)).data.data;
  } catch (error) {
    throw toError(error);
  }
}

/** `headers`: extra request headers, e.g. an Idempotency-Key that makes a repeated press answer the same. */
export async function postAdmin<T>(
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<T> {
  try {
    return (await client.http.post<{ data: T }>(`/api/admin${path}`, body, { headers })).data.data;
  } catch (error) {
    throw toError(error);
  }
}

/** A PUT of a hand-written endpoint (an order's lines): the answer's data, or the server's Russian refusal. */
export async function putAdmin<T>(path: string, body: unknown): Promise<T> {
  try {
    return (await client.http.put<{ data: T }>(`/api/admin${path}`, body)).data.data;
  } catch (error) {
    throw toError(error);
  }
}

/** A file of a hand-written endpoint (an order's invoice PDF), to save with csv/download.ts saveBlob. */
export async function getAdminFile(path: string): Promise<Blob> {
  try {
    return (await client.http.get<Blob>(`/api/admin${path}`, { responseType: 'blob' })).data;
  } catch (error) {
    throw toError(error);
  }
}
