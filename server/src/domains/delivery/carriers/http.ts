// One HTTP exchange with a carrier, time-boxed with its body (cdek.ts, russian-post.ts): no answer in time,
// or no connection, is a CarrierError `unavailable` in the carrier's own words. What an answer's status and
// body mean is each carrier's business.
import { CarrierError } from './carrier';

export interface CarrierLink {
  fetch: typeof fetch;
  timeoutMs: number;
  /** «СДЭК не ответил», «Почта России не ответила»: followed by « за 4 с». */
  silent: string;
  /** «Не удалось связаться со СДЭК»: followed by the network's reason. */
  unreachable: string;
}

export interface CarrierAnswer {
  status: number;
  contentType: string;
  bytes: Uint8Array;
}

/** «4», «0,4»: the time box as a customer-facing message says it. */
const seconds = (ms: number) => String(Math.round(ms / 100) / 10).replace('.', ',');

export async function exchange(
  link: CarrierLink,
  url: string,
  init: RequestInit = {},
): Promise<CarrierAnswer> {
  try {
    const response = await link.fetch(url, { ...init, signal: AbortSignal.timeout(link.timeoutMs) });
    const bytes = new Uint8Array(await response.arrayBuffer());
    return { status: response.status, contentType: response.headers.get('content-type') ?? '', bytes };
  } catch (e) {
    if (e instanceof Error && (e.name === 'TimeoutError' || e.name === 'AbortError'))
      throw new CarrierError(`${link.silent} за ${seconds(link.timeoutMs)} с`, 'unavailable');
    // The cause's code (ECONNREFUSED, ENOTFOUND…) says more than undici's "fetch failed".
    const cause =
      e instanceof Error && typeof e.cause === 'object' && e.cause !== null
        ? (e.cause as { code?: unknown }).code
        : null;
    const reason = typeof cause === 'string' && cause.trim() ? cause.trim() : 'сетевая ошибка';
    throw new CarrierError(`${link.unreachable} (${reason})`, 'unavailable');
  }
}

/** The answer's JSON, or null (a proxy's 5xx comes as HTML: the status decides then). */
export function parseJson(bytes: Uint8Array): unknown {
  try {
    return JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    return null;
  }
}

/** A JSON object (not an array, not null): what every carrier's answer is read as. */
export const isObject = (x: unknown): x is Record<string, unknown> =>
  typeof x === 'object' && x !== null && !Array.isArray(x);
