// The client's requests answered inside the same process (the server-rendered storefront calling its own
// API): axios still builds every request and reads every answer exactly as over the network, only the
// transport differs, so there is one code path for both. No socket, no HTTP parsing, no loopback port.
import axios, { AxiosError, AxiosHeaders, getAdapter, type AxiosAdapter, type AxiosResponse } from 'axios';

export interface InProcessRequest {
  method: string;
  /** Path and query string, e.g. /api/products/search?perPage=7. */
  url: string;
  headers: Record<string, string>;
  /** The serialised body (axios has already turned objects into JSON). */
  body?: string;
}

export interface InProcessResponse {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  /** The bytes as sent: a PDF stays a PDF, text is decoded here as UTF-8. */
  body: Uint8Array;
}

/** Answers one request, e.g. with Fastify's `app.inject`. */
export type InProcessTransport = (request: InProcessRequest) => Promise<InProcessResponse>;

export function inProcessAdapter(transport: InProcessTransport): AxiosAdapter {
  return async (config) => {
    // Anything but a string body (a FormData upload) goes over the network adapter as before.
    if (config.data !== undefined && config.data !== null && typeof config.data !== 'string')
      return getAdapter('http')(config);
    const target = new URL(axios.getUri(config), 'http://in-process');
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(AxiosHeaders.from(config.headers).toJSON()))
      if (value !== undefined && value !== null) headers[name.toLowerCase()] = String(value);
    // axios gives every POST a form Content-Type and its network adapters drop it when nothing is sent; a
    // bodiless POST (a contract without a body: «Повторить заказ») would otherwise be refused with 415.
    if (typeof config.data !== 'string') delete headers['content-type'];
    const answer = await transport({
      method: (config.method ?? 'get').toUpperCase(),
      url: `${target.pathname}${target.search}`,
      headers,
      ...(typeof config.data === 'string' ? { body: config.data } : {}),
    });
    const responseHeaders = new AxiosHeaders();
    for (const [name, value] of Object.entries(answer.headers))
      if (value !== undefined) responseHeaders.set(name, Array.isArray(value) ? value : String(value));
    const binary = config.responseType === 'arraybuffer' || config.responseType === 'blob';
    const response: AxiosResponse = {
      data: binary ? answer.body : new TextDecoder().decode(answer.body),
      status: answer.status,
      statusText: '',
      headers: responseHeaders,
      config,
      request: null,
    };
    if (!config.validateStatus || config.validateStatus(answer.status)) return response;
    // The same error axios's own adapters raise, so callers tell 4xx from 5xx the same way.
    throw new AxiosError(
      `Request failed with status code ${answer.status}`,
      answer.status >= 500 ? AxiosError.ERR_BAD_RESPONSE : AxiosError.ERR_BAD_REQUEST,
      config,
      null,
      response,
    );
  };
}
