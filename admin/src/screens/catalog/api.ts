// The catalogue's own admin endpoints (bulk offers, category moves) through the one API client
// (@shop/client) on the admin's token; a failure becomes an Error carrying the server's Russian message.
import { apiErrorMessage, createApiClient } from '@shop/client';
import { localTokenStore } from '../../authProvider';

const tokens = localTokenStore();
const client = createApiClient({ baseURL: '', getToken: () => tokens.get() });

export async function postAdmin<T>(path: string, body: unknown): Promise<T> {
  try {
    return (await client.http.post<{ data: T }>(`/api/admin${path}`, body)).data.data;
  } catch (error) {
    throw new Error(apiErrorMessage(error));
  }
}
