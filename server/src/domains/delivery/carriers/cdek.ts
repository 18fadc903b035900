// СДЭК behind the Carrier interface: CDEK API v2 (protocol reference: /work/shared/spec/integrations-ru.md
// §3 and §5). Money is roubles on the wire and integer kopecks here; weight grams, sizes centimetres on both.
//
// The app builds a new carrier object for every call, so what must outlive one (the OAuth token, the city
// codes and suggestions) is kept at module level, keyed by the API's address and, for the token, by a hash
// of the credentials. Nothing here logs, and no error carries a header, a token or the secret.
import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type {
  Carrier,
  CarrierQuote,
  PickupPoint,
  Place,
  QuoteRequest,
  ShipmentRequest,
  ShipmentState,
  ShipmentStatus,
} from './carrier';
import { exchange as exchangeWith, isObject, parseJson, type CarrierLink } from './http';
import { CarrierError } from './carrier';

export interface CdekOptions {
  /** e.g. https://api.cdek.ru/v2 (test host https://api.edu.cdek.ru/v2); tests give the local fake's. */
  apiUrl: string;
  clientId: string;
  clientSecret: string;
  /** How long one request may take, its body included (default 4 s: a customer at checkout waits). */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/** A city as СДЭК's suggestions name it. */
export interface CdekCity {
  code: number;
  /** «Казань». */
  name: string;
  /** «Республика Татарстан», when the full name has one. */
  region: string | null;
  /** «Казань, Республика Татарстан». */
  fullName: string;
}

export type CdekCarrier = Carrier & {
  /** Cities whose name starts with `query` (for the checkout's city field). */
  cities(query: string): Promise<CdekCity[]>;
  /** The place's СДЭК city code (its own when given), or null when СДЭК knows no such city. */
  cityCode(place: Place): Promise<number | null>;
};

// ---- what outlives a carrier object ----

interface CachedToken {
  token: string | null;
  expiresAt: number;
  /** The one request under way; every caller waiting for a token shares it. */
  pending: Promise<string> | null;
}
const tokens = new Map<string, CachedToken>();
/** A token is renewed this long before it expires (a tenth of its life for short-lived ones). */
const RENEW_BEFORE_MS = 60_000;

const DAY_MS = 24 * 60 * 60 * 1000;
/** City codes and suggestions change rarely; a day's cache spares a request per checkout. Bounded, since
 *  the keys come from what customers type. */
const LOOKUP_TTL_MS = DAY_MS;
const LOOKUP_MAX_ENTRIES = 5_000;
const cityCodes = new Map<string, { value: number | null; expiresAt: number }>();
const citySuggestions = new Map<string, { value: CdekCity[]; expiresAt: number }>();

/** How many times, and how often, the waybill's file is asked for before giving up for now. */
const LABEL_POLLS = 5;
const LABEL_POLL_MS = 400;

function remembered<T>(cache: Map<string, { value: T; expiresAt: number }>, key: string): T | undefined {
  const entry = cache.get(key);
  if (entry && entry.expiresAt > Date.now()) return entry.value;
  if (entry) cache.delete(key);
  return undefined;
}
function remember<T>(cache: Map<string, { value: T; expiresAt: number }>, key: string, value: T) {
  if (cache.size >= LOOKUP_MAX_ENTRIES) cache.delete(cache.keys().next().value!); // the oldest
  cache.set(key, { value, expiresAt: Date.now() + LOOKUP_TTL_MS });
}

// ---- the wire ----

type Json = Record<string, unknown>;
const text = (x: unknown): string | null => (typeof x === 'string' && x.trim() ? x.trim() : null);
const finite = (x: unknown): number | null => {
  const n = typeof x === 'string' && x.trim() ? Number(x) : x;
  return typeof n === 'number' && Number.isFinite(n) ? n : null;
};

/**
 * 350.5 → 35050. СДЭК's sums are JSON numbers in roubles with at most two decimals; n × 100 is then within
 * a billionth of a whole kopeck (for any sum below 10¹⁰ ₽), so rounding gives it exactly. Null when it is
 * no sum.
 */
export function roublesToKopecks(value: unknown): number | null {
  const roubles = finite(value);
  if (roubles === null || roubles < 0) return null;
  const kopecks = Math.round(roubles * 100);
  return Number.isSafeInteger(kopecks) ? kopecks : null;
}
/** 35050 → 350.5: kopecks as the roubles СДЭК takes (a number; two decimals at most). */
const kopecksToRoubles = (kopecks: number) => Math.round(kopecks) / 100;

/** СДЭК's `errors[].message` (the top-level list, or a request's), joined. */
function errorMessages(list: unknown): string[] {
  if (!Array.isArray(list)) return [];
  return list
    .map((e) => (isObject(e) ? (text(e.message) ?? text(e.code)) : text(e)))
    .filter((m): m is string => m !== null);
}

const malformed = (what: string) =>
  new CarrierError(`СДЭК прислал ответ, который не удалось разобрать (${what})`, 'unavailable');

/** One status of a shipment as СДЭК lists it. */
interface WireStatus {
  code: string;
  name: string | null;
  time: number;
}

/** The newest of СДЭК's statuses by date_time; on equal or unreadable times the one listed first. */
function newestStatus(list: unknown): WireStatus | null {
  if (!Array.isArray(list)) return null;
  let newest: WireStatus | null = null;
  for (const raw of list as unknown[]) {
    const code = isObject(raw) ? text(raw.code) : null;
    if (!isObject(raw) || !code) continue;
    const parsed = typeof raw.date_time === 'string' ? Date.parse(raw.date_time) : NaN;
    const time = Number.isNaN(parsed) ? -Infinity : parsed;
    if (!newest || time > newest.time) newest = { code: code.toUpperCase(), name: text(raw.name), time };
  }
  return newest;
}

/** СДЭК's status code as the shop's state, once the order has its cdek_number. */
function stateOf(code: string | null): ShipmentState {
  if (code === null || code === 'CREATED' || code === 'ACCEPTED') return 'registered';
  if (code === 'ACCEPTED_AT_PICK_UP_POINT' || code === 'POSTOMAT_POSTED') return 'ready';
  if (code === 'DELIVERED') return 'delivered';
  // «Возвращен на склад доставки» follows a failed courier visit in the customer's own city: the parcel is
  // still on its way to the customer, not back to the shop (our reading of the name; unconfirmed).
  if (code === 'RETURNED_TO_RECIPIENT_CITY_WAREHOUSE') return 'in_transit';
  if (code === 'NOT_DELIVERED' || code.startsWith('RETURN')) return 'returning';
  return 'in_transit';
}

/** The shipment object of GET /orders/{uuid} (or POST /orders) as the shop's ShipmentStatus. Tolerant:
 *  the `requests` shape and its states (ACCEPTED, WAITING, SUCCESSFUL, INVALID) are unconfirmed. */
export function shipmentFromWire(answer: Json, carrierId: string): ShipmentStatus {
  const entity = isObject(answer.entity) ? answer.entity : {};
  const requests = Array.isArray(answer.requests) ? answer.requests.filter(isObject) : [];
  // Only the registration's own request decides validity: a refused later change leaves the order as it was.
  const refused = requests.filter(
    (r) => text(r.state)?.toUpperCase() === 'INVALID' && (r.type === undefined || r.type === 'CREATE'),
  );
  const newest = newestStatus(entity.statuses);
  const trackNumber = text(entity.cdek_number) ?? (finite(entity.cdek_number)?.toString() || null);
  const base = { carrierId, trackNumber, statusText: newest?.name ?? null, errors: [] as string[] };
  if (refused.length || newest?.code === 'INVALID') {
    const errors = [...refused.flatMap((r) => errorMessages(r.errors)), ...errorMessages(answer.errors)];
    return {
      ...base,
      state: 'invalid',
      errors: errors.length ? errors : ['СДЭК отклонил заказ, не назвав причину'],
    };
  }
  if (!trackNumber) return { ...base, state: 'registering' };
  return { ...base, state: stateOf(newest?.code ?? null) };
}

/** A place as СДЭК's location: its code when known, else its index, else the city's name. */
function location(place: Place): Json {
  if (place.cdekCode) return { code: place.cdekCode };
  if (place.postalCode) return { postal_code: place.postalCode, country_code: 'RU' };
  return { city: place.city, country_code: 'RU' };
}

const packageSize = (p: { weight: number; length: number; width: number; height: number }) => ({
  weight: Math.ceil(p.weight),
  length: Math.ceil(p.length),
  width: Math.ceil(p.width),
  height: Math.ceil(p.height),
});

/**
 * What the recipient pays at the point, item by item (СДЭК's payment.value is per unit, in roubles):
 * nothing when paid online; otherwise the sum spread over the units by their prices, in whole kopecks, and
 * what cannot be spread evenly (the delivery charge, a kopeck of rounding) as delivery_recipient_cost, so
 * that СДЭК collects exactly `collectOnDelivery`.
 */
export function collectionPlan(request: ShipmentRequest): { perUnit: number[][]; delivery: number } {
  const collect = Math.max(0, Math.round(request.collectOnDelivery));
  const itemsTotal = request.packages.reduce(
    (sum, p) => sum + p.items.reduce((s, i) => s + i.price * i.quantity, 0),
    0,
  );
  const share = (price: number) => {
    if (collect === 0 || itemsTotal === 0) return 0;
    return collect >= itemsTotal ? price : Math.floor((price * collect) / itemsTotal);
  };
  const perUnit = request.packages.map((p) => p.items.map((i) => share(i.price)));
  const spread = request.packages.reduce(
    (sum, p, pi) => sum + p.items.reduce((s, i, ii) => s + perUnit[pi]![ii]! * i.quantity, 0),
    0,
  );
  return { perUnit, delivery: collect - spread };
}

// ---- the carrier ----

export function cdekCarrier(options: CdekOptions): CdekCarrier {
  const apiUrl = options.apiUrl.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 4_000;
  const fetchImpl = options.fetch ?? fetch;
  const tokenKey = createHash('sha256')
    .update(`${apiUrl}\n${options.clientId}\n${options.clientSecret}`)
    .digest('hex');
  const link: CarrierLink = {
    fetch: fetchImpl,
    timeoutMs,
    silent: 'СДЭК не ответил',
    unreachable: 'Не удалось связаться со СДЭК',
  };
  const exchange = (url: string, init: RequestInit) => exchangeWith(link, url, init);
  const parse = parseJson;

  /** The error for a non-2xx answer (401 excepted: the caller handles it). */
  function failure(status: number, body: unknown): CarrierError {
    if (status === 429)
      return new CarrierError('СДЭК получил слишком много запросов: повторите позже', 'unavailable', status);
    if (status >= 500)
      return new CarrierError(`СДЭК временно недоступен (HTTP ${status})`, 'unavailable', status);
    const messages = isObject(body) ? errorMessages(body.errors) : [];
    const why = messages.length ? `: ${messages.join('; ')}` : ` (HTTP ${status})`;
    return new CarrierError(`СДЭК отклонил запрос${why}`, 'refused', status);
  }

  async function fetchToken(): Promise<{ token: string; expiresAt: number }> {
    const form = new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: options.clientId,
      client_secret: options.clientSecret,
    });
    const answer = await exchange(`${apiUrl}/oauth/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
      body: form.toString(),
    });
    if (answer.status === 400 || answer.status === 401 || answer.status === 403)
      throw new CarrierError(
        'СДЭК не принял ключи доступа: проверьте идентификатор и секрет',
        'refused',
        answer.status,
      );
    const body = parse(answer.bytes);
    if (answer.status < 200 || answer.status >= 300) throw failure(answer.status, body);
    const token = isObject(body) ? text(body.access_token) : null;
    if (!token) throw malformed('нет access_token');
    const ttlMs = (finite(isObject(body) ? body.expires_in : null) ?? 3600) * 1000;
    return { token, expiresAt: Date.now() + ttlMs - Math.min(RENEW_BEFORE_MS, ttlMs / 10) };
  }

  /** The cached token, or one fresh request for it shared by everyone asking meanwhile. */
  function token(): Promise<string> {
    let cached = tokens.get(tokenKey);
    if (!cached) tokens.set(tokenKey, (cached = { token: null, expiresAt: 0, pending: null }));
    if (cached.token && cached.expiresAt > Date.now()) return Promise.resolve(cached.token);
    const entry = cached;
    entry.pending ??= fetchToken().then(
      (fresh) => {
        Object.assign(entry, fresh, { pending: null });
        return fresh.token;
      },
      (error: unknown) => {
        entry.pending = null;
        throw error;
      },
    );
    return entry.pending;
  }

  /** Forgets `used` after a 401, unless another caller has already replaced it. */
  function dropToken(used: string) {
    const cached = tokens.get(tokenKey);
    if (cached?.token === used) cached.token = null;
  }

  /** An API call with the token; after a 401 the token is fetched again and the call repeated once. */
  async function send(method: 'GET' | 'POST', path: string, payload?: unknown, accept = 'application/json') {
    for (let attempt = 0; ; attempt++) {
      const used = await token();
      const answer = await exchange(`${apiUrl}${path}`, {
        method,
        headers: {
          Authorization: `Bearer ${used}`,
          Accept: accept,
          ...(payload === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: payload === undefined ? undefined : JSON.stringify(payload),
      });
      if (answer.status !== 401) return answer;
      dropToken(used);
      if (attempt >= 1)
        throw new CarrierError(
          'СДЭК не принял ключ доступа: проверьте идентификатор и секрет',
          'refused',
          401,
        );
    }
  }

  /** An API call whose answer is JSON; 4xx and a 2xx listing `errors` (with nothing else) are refusals. */
  async function call(method: 'GET' | 'POST', path: string, payload?: unknown): Promise<unknown> {
    const answer = await send(method, path, payload);
    const body = parse(answer.bytes);
    if (answer.status < 200 || answer.status >= 300) throw failure(answer.status, body);
    if (body === null) throw malformed('не JSON');
    if (isObject(body) && errorMessages(body.errors).length && !('entity' in body)) throw failure(400, body);
    return body;
  }

  const query = (params: Record<string, string | number | null | undefined>) =>
    new URLSearchParams(
      Object.entries(params).flatMap(([k, v]) => (v === null || v === undefined ? [] : [[k, String(v)]])),
    ).toString();

  async function cityCode(place: Place): Promise<number | null> {
    if (place.cdekCode) return place.cdekCode;
    const name = place.city.trim();
    const postal = place.postalCode?.trim() || null;
    if (!name && !postal) return null;
    const key = `${apiUrl}\n${name.toLowerCase()}\n${postal ?? ''}`;
    const known = remembered(cityCodes, key);
    if (known !== undefined) return known;
    const found = await call(
      'GET',
      `/location/cities?${query({ country_codes: 'RU', city: name || null, postal_code: postal, size: 1 })}`,
    );
    if (!Array.isArray(found)) throw malformed('список городов');
    const code = isObject(found[0]) ? finite(found[0].code) : null;
    remember(cityCodes, key, code);
    return code;
  }

  async function cities(search: string): Promise<CdekCity[]> {
    const name = search.trim();
    if (!name) return [];
    const key = `${apiUrl}\n${name.toLowerCase()}`;
    const known = remembered(citySuggestions, key);
    if (known) return known;
    const found = await call('GET', `/location/suggest/cities?${query({ name, country_code: 'RU' })}`);
    if (!Array.isArray(found)) throw malformed('подсказки городов');
    const list = found.filter(isObject).flatMap((c): CdekCity[] => {
      const code = finite(c.code);
      const fullName = text(c.full_name) ?? text(c.city);
      if (code === null || !fullName) return [];
      const comma = fullName.indexOf(',');
      return [
        {
          code,
          name: comma < 0 ? fullName : fullName.slice(0, comma).trim(),
          region: comma < 0 ? (text(c.region) ?? null) : fullName.slice(comma + 1).trim() || null,
          fullName,
        },
      ];
    });
    remember(citySuggestions, key, list);
    return list;
  }

  async function quote(request: QuoteRequest): Promise<CarrierQuote> {
    const answer = await call('POST', '/calculator/tariff', {
      tariff_code: request.tariffCode,
      from_location: location(request.from),
      to_location: location(request.to),
      packages: request.packages.map(packageSize),
    });
    if (!isObject(answer)) throw malformed('расчёт');
    const price = roublesToKopecks(answer.delivery_sum);
    if (price === null) throw malformed(`delivery_sum: ${JSON.stringify(answer.delivery_sum)}`);
    // Calendar days are what the customer counts; working days (period_*) only when those are missing.
    const calendar = finite(answer.calendar_min) !== null && finite(answer.calendar_max) !== null;
    const minDays = finite(calendar ? answer.calendar_min : answer.period_min);
    const maxDays = finite(calendar ? answer.calendar_max : answer.period_max);
    if (minDays === null || maxDays === null) throw malformed('нет срока доставки');
    return { price, minDays, maxDays };
  }

  /**
   * The city's points where a customer can take a parcel. One request without `size`, which has СДЭК list
   * all of the city's points (a city has at most a few hundred); a city СДЭК does not know has none.
   */
  async function points(place: Place): Promise<PickupPoint[]> {
    const code = await cityCode(place);
    if (code === null) return [];
    const found = await call(
      'GET',
      `/deliverypoints?${query({ city_code: code, type: 'ALL', country_code: 'RU' })}`,
    );
    if (!Array.isArray(found)) throw malformed('список пунктов выдачи');
    return found.filter(isObject).flatMap((p): PickupPoint[] => {
      const where = isObject(p.location) ? p.location : {};
      const pointCode = text(p.code);
      // СДЭК gives the two coordinates as separate fields; named here so they cannot be swapped.
      const latitude = finite(where.latitude);
      const longitude = finite(where.longitude);
      if (p.is_handout === false || !pointCode || latitude === null || longitude === null) return [];
      const city = text(where.city) ?? place.city;
      return [
        {
          code: pointCode,
          name: text(p.name) ?? pointCode,
          address: text(where.address_full) ?? `${city}, ${text(where.address) ?? ''}`.replace(/, $/, ''),
          city,
          postalCode: text(where.postal_code),
          latitude,
          longitude,
          workTime: text(p.work_time) ?? '',
          type: p.type === 'POSTAMAT' ? 'POSTAMAT' : 'PVZ',
          paymentOnDelivery: p.allowed_cod === true,
        },
      ];
    });
  }

  async function register(request: ShipmentRequest): Promise<ShipmentStatus> {
    const plan = collectionPlan(request);
    const { address, ...to } = request.to;
    const answer = await call('POST', '/orders', {
      type: 1, // an online shop's order (unconfirmed in our spec)
      number: request.orderNumber,
      tariff_code: request.tariffCode,
      ...(request.shipmentPoint
        ? { shipment_point: request.shipmentPoint }
        : { from_location: location(request.from) }),
      ...(request.deliveryPoint
        ? { delivery_point: request.deliveryPoint }
        : { to_location: { ...location(to), ...(address ? { address } : {}) } }),
      recipient: {
        name: request.recipient.name,
        phones: [{ number: request.recipient.phone }],
        ...(request.recipient.email ? { email: request.recipient.email } : {}),
      },
      delivery_recipient_cost: { value: kopecksToRoubles(plan.delivery) },
      packages: request.packages.map((p, pi) => ({
        number: String(pi + 1),
        ...packageSize(p),
        items: p.items.map((item, ii) => ({
          name: item.name,
          ware_key: item.article,
          payment: { value: kopecksToRoubles(plan.perUnit[pi]![ii]!) },
          cost: kopecksToRoubles(item.price),
          weight: Math.ceil(item.weight),
          amount: item.quantity,
        })),
      })),
    });
    if (!isObject(answer)) throw malformed('заказ');
    const uuid = isObject(answer.entity) ? text(answer.entity.uuid) : null;
    if (!uuid) throw malformed('нет entity.uuid');
    const now = shipmentFromWire(answer, uuid);
    return now.state === 'invalid' ? now : { ...now, state: 'registering' };
  }

  async function status(carrierId: string): Promise<ShipmentStatus> {
    const answer = await call('GET', `/orders/${encodeURIComponent(carrierId)}`);
    if (!isObject(answer) || !isObject(answer.entity)) throw malformed('заказ');
    return shipmentFromWire(answer, carrierId);
  }

  /**
   * The waybill PDF. UNCONFIRMED protocol (not in our spec): POST /print/orders makes a print task, whose
   * file is then at GET /print/orders/{uuid}.pdf once СДЭК has made it; until then a 404, so a few short
   * polls.
   */
  async function label(carrierId: string): Promise<{ contentType: string; body: Uint8Array }> {
    const task = await call('POST', '/print/orders', { orders: [{ order_uuid: carrierId }], copy_count: 1 });
    const printId = isObject(task) && isObject(task.entity) ? text(task.entity.uuid) : null;
    if (!printId) throw malformed('нет uuid задания печати');
    for (let attempt = 1; ; attempt++) {
      const answer = await send(
        'GET',
        `/print/orders/${encodeURIComponent(printId)}.pdf`,
        undefined,
        'application/pdf',
      );
      const isPdf = new TextDecoder().decode(answer.bytes.slice(0, 5)) === '%PDF-';
      if (answer.status >= 200 && answer.status < 300 && isPdf)
        return { contentType: 'application/pdf', body: answer.bytes };
      const notYet = answer.status === 404 || (answer.status >= 200 && answer.status < 300);
      if (!notYet) throw failure(answer.status, parse(answer.bytes));
      if (attempt >= LABEL_POLLS)
        throw new CarrierError('СДЭК ещё не подготовил накладную: повторите через минуту', 'unavailable');
      await sleep(LABEL_POLL_MS);
    }
  }

  return { name: 'cdek', quote, points, register, status, label, cities, cityCode };
}
