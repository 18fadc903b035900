// Почта России behind the Carrier interface: the public tariff calculator tariff.pochta.ru (no contract, no
// key; protocol reference: /work/shared/spec/integrations-ru.md §3). It prices and dates a route between two
// indexes; post offices, shipments and labels are not in it, so this carrier has quote() only.
// The calculator's amounts are kopecks already (paynds), its weight grams.
import type { Carrier, CarrierQuote, QuoteRequest } from './carrier';
import { exchange, isObject, parseJson, type CarrierLink } from './http';
import { CarrierError } from './carrier';

export interface RussianPostOptions {
  /** https://tariff.pochta.ru/v2; tests give the local fake's. */
  apiUrl: string;
  /** How long one request may take, its body included (default 4 s). */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/** The calculator's packaging code for an ordinary box (`pack`). */
const PACK_BOX = 10;
const INDEX = /^\d{6}$/;
/** Codes one integrator reads as "this service does not go this way" (unconfirmed). */
const NOT_ON_ROUTE = new Set([2005, 2006, 2007, 2008, 2009, 2010]);

type Json = Record<string, unknown>;
const whole = (x: unknown): number | null => {
  const n = typeof x === 'string' && x.trim() ? Number(x) : x;
  return typeof n === 'number' && Number.isFinite(n) ? Math.round(n) : null;
};

/** The calculator's complaints, as {code, message}: `errors` or `error`, items with msg/message/text. */
function complaints(body: unknown): { code: number | null; message: string | null }[] {
  if (!isObject(body)) return [];
  const list = Array.isArray(body.errors) ? body.errors : Array.isArray(body.error) ? body.error : [];
  return list.map((e) => {
    if (!isObject(e)) return { code: null, message: typeof e === 'string' ? e : null };
    const message = [e.msg, e.message, e.text].find((m): m is string => typeof m === 'string' && !!m.trim());
    return { code: whole(e.code), message: message?.trim() ?? null };
  });
}

function refusal(found: { code: number | null; message: string | null }[], status: number | null) {
  if (found.some((c) => c.code !== null && NOT_ON_ROUTE.has(c.code)))
    return new CarrierError('Почта России не доставляет этим способом по этому маршруту', 'refused', status);
  const messages = found.map((c) => c.message).filter((m): m is string => m !== null);
  const why = messages.length ? `: ${messages.join('; ')}` : status ? ` (HTTP ${status})` : '';
  return new CarrierError(`Почта России не рассчитала доставку${why}`, 'refused', status);
}

export function russianPostCarrier(options: RussianPostOptions): Carrier {
  const apiUrl = options.apiUrl.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 4_000;
  const fetchImpl = options.fetch ?? fetch;
  const link: CarrierLink = {
    fetch: fetchImpl,
    timeoutMs,
    silent: 'Почта России не ответила',
    unreachable: 'Не удалось связаться с калькулятором Почты России',
  };

  /** One GET, time-boxed with its body; no answer, a 5xx or a 429 is `unavailable`, a 4xx `refused`. */
  async function get(url: string): Promise<unknown> {
    const { status, bytes } = await exchange(link, url, { headers: { Accept: 'application/json' } });
    const parsed = parseJson(bytes);
    if (status === 429 || status >= 500)
      throw new CarrierError(
        `Калькулятор Почты России временно недоступен (HTTP ${status})`,
        'unavailable',
        status,
      );
    if (status < 200 || status >= 300) throw refusal(complaints(parsed), status);
    if (!isObject(parsed))
      throw new CarrierError(
        'Калькулятор Почты России прислал ответ, который не удалось разобрать',
        'unavailable',
      );
    return parsed;
  }

  async function quote(request: QuoteRequest): Promise<CarrierQuote> {
    const from = request.from.postalCode?.trim() ?? '';
    const to = request.to.postalCode?.trim() ?? '';
    if (!INDEX.test(from) || !INDEX.test(to))
      throw new CarrierError(
        'Укажите индекс отправителя и получателя: Почта России считает доставку по шестизначным индексам',
        'refused',
      );
    const weight = Math.ceil(request.packages.reduce((sum, p) => sum + p.weight, 0));
    // `json` is a bare flag in the calculator's query string, hence no URLSearchParams for it.
    const params = new URLSearchParams({
      object: String(request.tariffCode),
      from,
      to,
      weight: String(weight),
      pack: String(PACK_BOX),
    });
    const answer = (await get(`${apiUrl}/calculate/tariff/delivery?json&${params.toString()}`)) as Json;
    const found = complaints(answer);
    if (found.length) throw refusal(found, null);
    const price = whole(answer.paynds);
    if (price === null || price < 0)
      throw new CarrierError('Почта России не назвала стоимость доставки по этому маршруту', 'refused');
    const delivery = isObject(answer.delivery) ? answer.delivery : {};
    const minDays = whole(delivery.min);
    const maxDays = whole(delivery.max);
    if (minDays === null || maxDays === null)
      throw new CarrierError('Почта России не назвала срок доставки по этому маршруту', 'refused');
    return { price, minDays, maxDays };
  }

  return { name: 'russian_post', quote };
}
