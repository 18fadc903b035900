// A local server that speaks CDEK API v2 (spec: /work/shared/spec/integrations-ru.md §3 and §6), for vitest
// and Playwright alike (so: no test-framework imports). OAuth tokens that expire, deterministic tariffs,
// seven cities with their pickup points, orders that register asynchronously and move through statuses,
// waybill PDFs; it can be told to fail (401 = the token expired, 429, 500) or to answer late. Its sums are
// computed in kopecks of its own, so the adapter's conversion is checked, not shared.
//
// Where CDEK's documentation is silent the fake's choices are ASSUMPTIONS, named so: the 401 body, the order
// request states (ACCEPTED → WAITING → SUCCESSFUL | INVALID), the print protocol, INVALID as a status.
import { randomBytes, randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';

type Json = Record<string, unknown>;
type Query = Record<string, string | undefined>;
const isObject = (x: unknown): x is Json => typeof x === 'object' && x !== null && !Array.isArray(x);

export interface FakeCdekCity {
  code: number;
  name: string;
  region: string;
  postalCode: string;
  /** The indexes that belong to the city. */
  postalCodes: RegExp;
  latitude: number;
  longitude: number;
}

export const FAKE_CDEK_CITIES: readonly FakeCdekCity[] = [
  {
    code: 44,
    name: 'Москва',
    region: 'Москва',
    postalCode: '101000',
    postalCodes: /^1[0-2]\d{4}$/,
    latitude: 55.7558,
    longitude: 37.6173,
  },
  {
    code: 137,
    name: 'Санкт-Петербург',
    region: 'Санкт-Петербург',
    postalCode: '190000',
    postalCodes: /^19\d{4}$/,
    latitude: 59.9386,
    longitude: 30.3141,
  },
  {
    code: 424,
    name: 'Казань',
    region: 'Республика Татарстан',
    postalCode: '420000',
    postalCodes: /^420\d{3}$/,
    latitude: 55.7963,
    longitude: 49.1088,
  },
  {
    code: 250,
    name: 'Екатеринбург',
    region: 'Свердловская область',
    postalCode: '620000',
    postalCodes: /^620\d{3}$/,
    latitude: 56.8389,
    longitude: 60.6057,
  },
  {
    code: 270,
    name: 'Новосибирск',
    region: 'Новосибирская область',
    postalCode: '630000',
    postalCodes: /^630\d{3}$/,
    latitude: 55.0302,
    longitude: 82.9204,
  },
  {
    code: 414,
    name: 'Нижний Новгород',
    region: 'Нижегородская область',
    postalCode: '603000',
    postalCodes: /^603\d{3}$/,
    latitude: 56.3269,
    longitude: 44.0059,
  },
  {
    code: 435,
    name: 'Краснодар',
    region: 'Краснодарский край',
    postalCode: '350000',
    postalCodes: /^350\d{3}$/,
    latitude: 45.0355,
    longitude: 38.9753,
  },
];

/** [code, name, street address, type, cash/card on delivery, hands parcels out, Δlat, Δlon, hours]. Invented. */
type PointRow = [string, string, string, 'PVZ' | 'POSTAMAT', boolean, boolean, number, number, string];
const DAILY = 'Пн-Вс 09:00-21:00';
const WEEK = 'Пн-Пт 10:00-20:00, Сб-Вс 10:00-18:00';
const LOCKER = 'Пн-Вс 08:00-22:00';
const POINT_ROWS: Record<number, PointRow[]> = {
  44: [
    ['MSK101', 'На Тверской', 'ул. Тверская, 18, стр. 1', 'PVZ', true, true, 0.0102, -0.0121, DAILY],
    ['MSK102', 'Бауманская', 'ул. Бакунинская, 32', 'PVZ', true, true, 0.0231, 0.0617, WEEK],
    [
      'MSK103',
      'Постамат на Профсоюзной',
      'ул. Профсоюзная, 56',
      'POSTAMAT',
      false,
      true,
      -0.0794,
      -0.0602,
      LOCKER,
    ],
    ['MSK104', 'Марьино', 'ул. Люблинская, 153', 'PVZ', true, true, -0.1012, 0.1187, WEEK],
    ['MSK105', 'Лефортово (только приём)', 'Авиамоторная ул., 12', 'PVZ', true, false, -0.0023, 0.0968, WEEK],
  ],
  137: [
    ['SPB201', 'Невский', 'Невский пр., 88', 'PVZ', true, true, -0.0063, 0.0401, DAILY],
    ['SPB202', 'Московский проспект', 'Московский пр., 143', 'PVZ', true, true, -0.0761, 0.0054, WEEK],
    [
      'SPB203',
      'Постамат на Савушкина',
      'ул. Савушкина, 35',
      'POSTAMAT',
      false,
      true,
      0.0485,
      -0.0456,
      LOCKER,
    ],
  ],
  424: [
    ['KZN45', 'На Баумана', 'ул. Баумана, 19', 'PVZ', true, true, -0.0068, 0.0129, DAILY],
    ['KZN46', 'Проспект Победы', 'пр. Победы, 91', 'PVZ', false, true, -0.0672, 0.0761, WEEK],
    [
      'KZN47',
      'Постамат на Чистопольской',
      'ул. Чистопольская, 20',
      'POSTAMAT',
      false,
      true,
      0.0428,
      0.0012,
      LOCKER,
    ],
    ['KZN48', 'Декабристов (только приём)', 'ул. Декабристов, 85', 'PVZ', true, false, 0.0301, -0.0286, WEEK],
  ],
  250: [
    ['EKB301', 'Малышева', 'ул. Малышева, 51', 'PVZ', true, true, -0.0045, 0.0121, DAILY],
    ['EKB302', 'Постамат на Ленина', 'пр. Ленина, 24/8', 'POSTAMAT', false, true, 0.0018, -0.0052, LOCKER],
    ['EKB303', 'Белинского', 'ул. Белинского, 108', 'PVZ', true, true, -0.0312, 0.0094, WEEK],
  ],
  270: [
    ['NSK401', 'Красный проспект', 'Красный пр., 29', 'PVZ', true, true, 0.0097, -0.0011, DAILY],
    ['NSK402', 'Ватутина', 'ул. Ватутина, 107', 'PVZ', true, true, -0.0801, -0.0942, WEEK],
    ['NSK403', 'Постамат на Фрунзе', 'ул. Фрунзе, 238', 'POSTAMAT', false, true, 0.0104, 0.0623, LOCKER],
  ],
  414: [
    ['NNV501', 'Большая Покровская', 'ул. Большая Покровская, 35', 'PVZ', true, true, -0.0121, 0.0032, DAILY],
    ['NNV502', 'Московское шоссе', 'Московское ш., 52', 'PVZ', true, true, 0.0098, -0.1064, WEEK],
    ['NNV503', 'Постамат на Гагарина', 'пр. Гагарина, 110', 'POSTAMAT', false, true, -0.0702, 0.0158, LOCKER],
  ],
  435: [
    ['KRD601', 'Красная', 'ул. Красная, 122', 'PVZ', true, true, 0.0042, 0.0011, DAILY],
    ['KRD602', 'Северная', 'ул. Северная, 326', 'PVZ', true, true, 0.0094, -0.0032, WEEK],
    [
      'KRD603',
      'Постамат на Ставропольской',
      'ул. Ставропольская, 223',
      'POSTAMAT',
      false,
      true,
      -0.0248,
      0.0206,
      LOCKER,
    ],
  ],
};

/** The points as CDEK's /deliverypoints lists them. */
export const FAKE_CDEK_POINTS: readonly Json[] = FAKE_CDEK_CITIES.flatMap((city) =>
  (POINT_ROWS[city.code] ?? []).map(([code, name, address, type, cod, handout, dLat, dLon, hours], i) => {
    const postal = String(Number(city.postalCode) + 11 + i * 7);
    return {
      code,
      uuid: randomUUID(),
      name,
      type,
      owner_code: 'cdek',
      work_time: hours,
      phones: [{ number: `+7800100${String(city.code).padStart(4, '0')}` }],
      is_handout: handout,
      is_reception: true,
      is_dressing_room: type === 'PVZ',
      allowed_cod: cod,
      have_cashless: cod,
      have_cash: cod,
      weight_min: 0,
      weight_max: type === 'POSTAMAT' ? 20 : 50,
      location: {
        country_code: 'RU',
        region: city.region,
        city_code: city.code,
        city: city.name,
        postal_code: postal,
        latitude: Math.round((city.latitude + dLat) * 1e6) / 1e6,
        longitude: Math.round((city.longitude + dLon) * 1e6) / 1e6,
        address,
        address_full: `${postal}, Россия, ${city.region === city.name ? '' : `${city.region}, `}${city.name}, ${address}`,
      },
    };
  }),
);

/** Russian names of the status codes the fake can be moved through. */
const STATUS_NAMES: Record<string, string> = {
  ACCEPTED: 'Принят',
  CREATED: 'Создан',
  RECEIVED_AT_SHIPMENT_WAREHOUSE: 'Принят на склад отправителя',
  READY_FOR_SHIPMENT_IN_SENDER_CITY: 'Выдан на отправку в г. отправителе',
  TAKEN_BY_TRANSPORTER_FROM_SENDER_CITY: 'Сдан перевозчику в г. отправителе',
  SENT_TO_TRANSIT_CITY: 'Отправлен в г. транзит',
  ACCEPTED_IN_RECIPIENT_CITY: 'Встречен в г. получателе',
  ACCEPTED_AT_PICK_UP_POINT: 'Принят на склад до востребования',
  POSTOMAT_POSTED: 'Заложен в постамат',
  DELIVERED: 'Вручен',
  NOT_DELIVERED: 'Не вручен',
  RETURNED_TO_SENDER_CITY_WAREHOUSE: 'Возвращен на склад отправителя',
  INVALID: 'Некорректный заказ',
};

const TARIFF_EXTRA: Record<number, { name: string; extra: number }> = {
  136: { name: 'Посылка склад-склад', extra: 0 },
  137: { name: 'Посылка склад-дверь', extra: 10_000 },
  138: { name: 'Посылка дверь-склад', extra: 10_000 },
  139: { name: 'Посылка дверь-дверь', extra: 20_000 },
};

function distanceKm(a: FakeCdekCity, b: FakeCdekCity) {
  const rad = Math.PI / 180;
  const h =
    Math.sin(((b.latitude - a.latitude) * rad) / 2) ** 2 +
    Math.cos(a.latitude * rad) *
      Math.cos(b.latitude * rad) *
      Math.sin(((b.longitude - a.longitude) * rad) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

/**
 * The fake's tariff, in kopecks: 250 ₽ within a city; else 300 ₽ plus 35 kopecks per started 5 km between
 * the centres; plus 40 ₽ per started 500 g over the first 500 g; the door costs 100 ₽ more per end (137,
 * 138), 200 ₽ for both (139). Days: 1–2 within a city, 2–4 under 1 500 km, else 4–7 (working days); calendar
 * days are one more at the start and two more at the end.
 */
export function fakeCdekTariff(from: FakeCdekCity, to: FakeCdekCity, weight: number, tariffCode: number) {
  const km = distanceKm(from, to);
  const route = from.code === to.code ? 25_000 : 30_000 + Math.ceil(km / 5) * 35;
  const extraWeight = Math.ceil(Math.max(0, weight - 500) / 500) * 4_000;
  const kopecks = route + extraWeight + (TARIFF_EXTRA[tariffCode]?.extra ?? 0);
  const [periodMin, periodMax] = from.code === to.code ? [1, 2] : km < 1_500 ? [2, 4] : [4, 7];
  return { kopecks, periodMin, periodMax, calendarMin: periodMin + 1, calendarMax: periodMax + 2 };
}

/** Kopecks as CDEK's roubles: 37250 → 372.5 (a JSON number), built from digits, not by division. */
const roubles = (kopecks: number) =>
  Number(`${Math.floor(kopecks / 100)}.${String(kopecks % 100).padStart(2, '0')}`);

/** CDEK writes times like 2024-03-01T10:00:00+0000. */
const cdekTime = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, '+0000');

export interface FakeCdekOrder {
  uuid: string;
  /** The request as sent. */
  body: Json;
  /** ASSUMPTION: the registration's request state; WAITING after the first read, then SUCCESSFUL. */
  requestState: 'ACCEPTED' | 'WAITING' | 'SUCCESSFUL' | 'INVALID';
  errors: { code: string; message: string }[];
  cdekNumber: string | null;
  /** Newest first, as CDEK lists them. */
  statuses: { code: string; name: string; date_time: string; city: string }[];
  reads: number;
}

export interface FakeCdekRequest {
  method: string;
  /** Without the query string, e.g. /v2/calculator/tariff. */
  path: string;
  query: Query;
  /** The parsed body (the token request's without the secret). */
  body: unknown;
  status: number;
}

export interface FakeCdekOptions {
  /** 0 (default) = any free port. */
  port?: number;
  clientId: string;
  clientSecret: string;
  /** A token's life (default 3600 s); an API call with an expired token is answered 401. */
  tokenTtlSeconds?: number;
}

export interface FakeCdek {
  /** The base to give cdekCarrier / CDEK_API_URL, e.g. http://127.0.0.1:PORT/v2. */
  url: string;
  requests: FakeCdekRequest[];
  /** How many times the token endpoint was asked (refused asks included). */
  readonly tokenRequests: number;
  orders: Map<string, FakeCdekOrder>;
  /** The next `times` API calls (the token endpoint excepted) answer `status`; a 401 also revokes the token
   *  it was sent with, as an expired one would be. */
  failNext(status: 401 | 429 | 500, times?: number): void;
  /** The next `times` API calls (the token endpoint excepted) answer only after `ms`. */
  delayNext(ms: number, times?: number): void;
  /** Registers the order now (SUCCESSFUL, a cdek_number, status CREATED) instead of at its second read. */
  advance(uuid: string): void;
  /** Moves a registered order to a status (DELIVERED, NOT_DELIVERED…), registering it first if needed. */
  setShipmentStatus(uuid: string, code: string): void;
  close(): Promise<void>;
}

const failure = (reply: FastifyReply, status: number, code: string, message: string) =>
  reply.code(status).send({ errors: [{ code, message }] });

/** The city a location object names: {code} | {postal_code} | {city}; null when unknown. */
function cityOf(location: unknown): FakeCdekCity | null {
  if (!isObject(location)) return null;
  if (location.code !== undefined)
    return FAKE_CDEK_CITIES.find((c) => c.code === Number(location.code)) ?? null;
  if (typeof location.postal_code === 'string')
    return FAKE_CDEK_CITIES.find((c) => c.postalCodes.test(location.postal_code as string)) ?? null;
  if (typeof location.city === 'string')
    return (
      FAKE_CDEK_CITIES.find((c) => c.name.toLowerCase() === (location.city as string).trim().toLowerCase()) ??
      null
    );
  return null;
}

/** Why a package list is refused (CDEK answers 400), or null. */
function packagesProblem(packages: unknown): string | null {
  if (!Array.isArray(packages) || packages.length === 0) return 'Не заданы упаковки (packages)';
  for (const p of packages as unknown[])
    if (!isObject(p) || typeof p.weight !== 'number' || !(p.weight > 0))
      return 'У упаковки не задан вес (weight)';
  return null;
}
const totalWeight = (packages: unknown) =>
  (packages as Json[]).reduce((sum, p) => sum + (p.weight as number), 0);

/** A small PDF that readers accept: one page with one line of text. */
function waybillPdf(line: string): Buffer {
  const stream = `BT /F1 14 Tf 40 780 Td (${line.replace(/[()\\]/g, '')}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets = objects.map((body, i) => {
    const at = pdf.length;
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
    return at;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  pdf += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

export async function startFakeCdek(options: FakeCdekOptions): Promise<FakeCdek> {
  const ttl = options.tokenTtlSeconds ?? 3600;
  const tokens = new Map<string, number>(); // token → expires at (ms)
  const orders = new Map<string, FakeCdekOrder>();
  const prints = new Map<string, { orders: string[]; reads: number }>();
  const requests: FakeCdekRequest[] = [];
  let tokenRequests = 0;
  let failures = { status: 500, times: 0 };
  let delays = { ms: 0, times: 0 };
  let clock = 0;
  const closing = new AbortController();

  /** Strictly increasing times, so that "the newest status" is never a tie. */
  const now = () => (clock = Math.max(Date.now(), clock + 1_000));
  function addStatus(order: FakeCdekOrder, code: string) {
    const point = FAKE_CDEK_POINTS.find((p) => p.code === order.body.delivery_point);
    const city = point ? (point.location as Json).city : (cityOf(order.body.to_location)?.name ?? '');
    order.statuses.unshift({
      code,
      name: STATUS_NAMES[code] ?? code,
      date_time: cdekTime(now()),
      city: String(city),
    });
  }
  function advance(uuid: string) {
    const order = orders.get(uuid);
    if (!order) throw new Error(`fake CDEK: no order ${uuid}`);
    if (order.requestState === 'INVALID' || order.cdekNumber) return;
    order.requestState = 'SUCCESSFUL';
    order.cdekNumber = String(1_000_000_000 + Math.floor(Math.random() * 8_999_999_999));
    addStatus(order, 'CREATED');
  }

  const app = Fastify({ logger: false, forceCloseConnections: true });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  app.addHook('onResponse', async (req: FastifyRequest, reply: FastifyReply) => {
    const path = req.url.split('?')[0]!;
    let body: unknown = req.body ?? null;
    if (path.endsWith('/oauth/token') && isObject(body)) body = { ...body, client_secret: '***' };
    requests.push({ method: req.method, path, query: req.query as Query, body, status: reply.statusCode });
  });

  // Injected trouble and the bearer token, for every call but the token's own.
  app.addHook('preHandler', async (req, reply) => {
    if (req.url.startsWith('/v2/oauth/token')) return;
    if (delays.times > 0) {
      delays.times--;
      await sleep(delays.ms, undefined, { signal: closing.signal }).catch(() => undefined);
    }
    const presented = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (failures.times > 0) {
      failures.times--;
      if (failures.status === 401 && presented) tokens.delete(presented);
      if (failures.status === 429) return failure(reply, 429, 'too_many_requests', 'Слишком много запросов');
      if (failures.status === 500) return failure(reply, 500, 'internal_error', 'Внутренняя ошибка сервера');
    }
    const expiresAt = presented ? tokens.get(presented) : undefined;
    // ASSUMPTION: the body of CDEK's 401.
    if (!expiresAt || expiresAt <= Date.now())
      return failure(reply, 401, 'v2_unauthorized', 'Токен доступа недействителен или истёк');
  });

  app.post('/v2/oauth/token', async (req, reply) => {
    tokenRequests++;
    const params = { ...(req.query as Query), ...(isObject(req.body) ? (req.body as Query) : {}) };
    if (params.grant_type !== 'client_credentials')
      return reply.code(400).send({ error: 'unsupported_grant_type' });
    if (params.client_id !== options.clientId || params.client_secret !== options.clientSecret)
      return reply.code(401).send({ error: 'invalid_client', error_description: 'Bad credentials' });
    const token = randomBytes(24).toString('hex');
    tokens.set(token, Date.now() + ttl * 1000);
    return {
      access_token: token,
      token_type: 'bearer',
      expires_in: ttl,
      scope: 'order:all payment:all',
      jti: randomUUID(),
    };
  });

  app.post('/v2/calculator/tariff', async (req, reply) => {
    const b = isObject(req.body) ? req.body : {};
    const problem = packagesProblem(b.packages);
    if (problem) return failure(reply, 400, 'v2_field_is_empty', problem);
    const tariffCode = Number(b.tariff_code);
    if (!TARIFF_EXTRA[tariffCode])
      return failure(reply, 400, 'v2_tariff_not_available', `Тариф ${String(b.tariff_code)} недоступен`);
    const from = cityOf(b.from_location);
    const to = cityOf(b.to_location);
    if (!from || !to)
      return failure(
        reply,
        400,
        'v2_entity_not_found',
        `Населённый пункт ${from ? 'получателя' : 'отправителя'} не найден`,
      );
    const weight = totalWeight(b.packages);
    const t = fakeCdekTariff(from, to, weight, tariffCode);
    return {
      delivery_sum: roubles(t.kopecks),
      total_sum: roubles(t.kopecks),
      period_min: t.periodMin,
      period_max: t.periodMax,
      calendar_min: t.calendarMin,
      calendar_max: t.calendarMax,
      weight_calc: Math.max(weight, 500),
      currency: 'RUB',
      services: [],
    };
  });

  app.post('/v2/calculator/tarifflist', async (req, reply) => {
    const b = isObject(req.body) ? req.body : {};
    const problem = packagesProblem(b.packages);
    if (problem) return failure(reply, 400, 'v2_field_is_empty', problem);
    const from = cityOf(b.from_location);
    const to = cityOf(b.to_location);
    if (!from || !to) return failure(reply, 400, 'v2_entity_not_found', 'Населённый пункт не найден');
    return {
      tariff_codes: Object.entries(TARIFF_EXTRA).map(([code, { name }]) => {
        const t = fakeCdekTariff(from, to, totalWeight(b.packages), Number(code));
        return {
          tariff_code: Number(code),
          tariff_name: name,
          tariff_description: name,
          delivery_mode: Number(code) - 135,
          delivery_sum: roubles(t.kopecks),
          period_min: t.periodMin,
          period_max: t.periodMax,
          calendar_min: t.calendarMin,
          calendar_max: t.calendarMax,
        };
      }),
    };
  });

  const cityJson = (c: FakeCdekCity) => ({
    code: c.code,
    city: c.name,
    city_uuid: `00000000-0000-4000-8000-${String(c.code).padStart(12, '0')}`,
    country_code: 'RU',
    country: 'Россия',
    region: c.region,
    longitude: c.longitude,
    latitude: c.latitude,
    postal_codes: [c.postalCode],
  });

  app.get('/v2/location/cities', async (req) => {
    const q = req.query as Query;
    return FAKE_CDEK_CITIES.filter(
      (c) =>
        (!q.country_codes || q.country_codes.split(',').includes('RU')) &&
        (!q.city || c.name.toLowerCase() === q.city.trim().toLowerCase()) &&
        (!q.postal_code || c.postalCodes.test(q.postal_code)) &&
        (!q.code || c.code === Number(q.code)),
    )
      .slice(0, q.size ? Number(q.size) : undefined)
      .map(cityJson);
  });

  app.get('/v2/location/suggest/cities', async (req) => {
    const q = req.query as Query;
    const prefix = (q.name ?? '').trim().toLowerCase();
    if (!prefix || (q.country_code && q.country_code !== 'RU')) return [];
    return FAKE_CDEK_CITIES.filter((c) => c.name.toLowerCase().startsWith(prefix)).map((c) => ({
      city_uuid: cityJson(c).city_uuid,
      code: c.code,
      full_name: `${c.name}, ${c.region}`,
    }));
  });

  app.get('/v2/deliverypoints', async (req) => {
    const q = req.query as Query;
    const type = q.type ?? 'ALL';
    const found = FAKE_CDEK_POINTS.filter((p) => {
      const where = p.location as Json;
      const city = FAKE_CDEK_CITIES.find((c) => c.code === where.city_code)!;
      return (
        (!q.country_code || q.country_code === 'RU') &&
        (!q.city_code || city.code === Number(q.city_code)) &&
        (!q.postal_code || city.postalCodes.test(q.postal_code)) &&
        (type === 'ALL' || p.type === type) &&
        (q.is_handout === undefined || String(p.is_handout) === q.is_handout)
      );
    });
    if (!q.size) return found;
    const size = Number(q.size);
    const page = Number(q.page ?? 0);
    return found.slice(page * size, page * size + size);
  });

  app.post('/v2/orders', async (req, reply) => {
    const b = isObject(req.body) ? req.body : {};
    const recipient = isObject(b.recipient) ? b.recipient : {};
    if (!b.number || !TARIFF_EXTRA[Number(b.tariff_code)])
      return failure(reply, 400, 'v2_field_is_empty', 'Не задан номер заказа или тариф');
    if (!recipient.name || !Array.isArray(recipient.phones) || !recipient.phones.length)
      return failure(reply, 400, 'v2_field_is_empty', 'Не заданы имя или телефон получателя');
    const problem = packagesProblem(b.packages);
    if (problem) return failure(reply, 400, 'v2_field_is_empty', problem);
    if (!b.delivery_point && !cityOf(b.to_location))
      return failure(reply, 400, 'v2_field_is_empty', 'Не заданы пункт выдачи или адрес получателя');
    const uuid = randomUUID();
    const order: FakeCdekOrder = {
      uuid,
      body: b,
      requestState: 'ACCEPTED',
      errors: [],
      cdekNumber: null,
      statuses: [],
      reads: 0,
    };
    const point = FAKE_CDEK_POINTS.find((p) => p.code === b.delivery_point && p.is_handout);
    if (b.delivery_point && !point) {
      const asked =
        typeof b.delivery_point === 'string' ? b.delivery_point : JSON.stringify(b.delivery_point);
      order.requestState = 'INVALID';
      order.errors.push({
        code: 'v2_entity_not_found',
        message: `Пункт выдачи ${asked} не найден или не выдаёт посылки`,
      });
      addStatus(order, 'INVALID');
    } else addStatus(order, 'ACCEPTED');
    orders.set(uuid, order);
    return reply.code(202).send({
      entity: { uuid },
      requests: [
        { request_uuid: randomUUID(), type: 'CREATE', date_time: cdekTime(now()), state: 'ACCEPTED' },
      ],
    });
  });

  app.get('/v2/orders/:uuid', async (req, reply) => {
    const order = orders.get((req.params as { uuid: string }).uuid);
    if (!order) return failure(reply, 404, 'v2_entity_not_found', 'Заказ не найден');
    order.reads++;
    // The registration is seen WAITING at the first read and done at the second (or after advance()).
    if (order.requestState === 'ACCEPTED') order.requestState = 'WAITING';
    else if (order.requestState === 'WAITING') advance(order.uuid);
    return {
      entity: {
        uuid: order.uuid,
        type: 1,
        number: order.body.number,
        tariff_code: order.body.tariff_code,
        ...(order.cdekNumber ? { cdek_number: order.cdekNumber } : {}),
        ...(order.body.delivery_point ? { delivery_point: order.body.delivery_point } : {}),
        recipient: order.body.recipient,
        packages: order.body.packages,
        statuses: order.statuses,
      },
      requests: [
        {
          request_uuid: randomUUID(),
          type: 'CREATE',
          date_time: order.statuses.at(-1)?.date_time,
          state: order.requestState,
          ...(order.errors.length ? { errors: order.errors } : {}),
        },
      ],
    };
  });

  // ASSUMPTION: the print protocol is not in our spec. A task; its PDF is missing (404) at the first ask.
  app.post('/v2/print/orders', async (req, reply) => {
    const b = isObject(req.body) ? req.body : {};
    const wanted = Array.isArray(b.orders) ? (b.orders as unknown[]) : [];
    const uuids = wanted.map((o) => (isObject(o) ? String(o.order_uuid) : ''));
    if (!uuids.length || uuids.some((u) => !orders.has(u)))
      return failure(reply, 400, 'v2_entity_not_found', 'Заказ для печати не найден');
    const uuid = randomUUID();
    prints.set(uuid, { orders: uuids, reads: 0 });
    return reply.code(202).send({ entity: { uuid }, requests: [{ type: 'CREATE', state: 'ACCEPTED' }] });
  });

  app.get('/v2/print/orders/:file', async (req, reply) => {
    const file = (req.params as { file: string }).file;
    const pdf = file.endsWith('.pdf');
    const uuid = pdf ? file.slice(0, -4) : file;
    const task = prints.get(uuid);
    if (!task) return failure(reply, 404, 'v2_entity_not_found', 'Задание на печать не найдено');
    if (!pdf)
      return {
        entity: {
          uuid,
          orders: task.orders.map((order_uuid) => ({ order_uuid })),
          copy_count: 1,
          url: `${url}/print/orders/${uuid}.pdf`,
          statuses: [{ code: task.reads > 0 ? 'READY' : 'PROCESSING' }],
        },
      };
    if (task.reads++ === 0) return failure(reply, 404, 'v2_entity_not_found', 'Файл ещё не сформирован');
    const numbers = task.orders.map((u) => orders.get(u)?.cdekNumber ?? u).join(', ');
    return reply.type('application/pdf').send(waybillPdf(`CDEK waybill ${numbers}`));
  });

  await app.listen({ port: options.port ?? 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/v2`;

  return {
    url,
    requests,
    get tokenRequests() {
      return tokenRequests;
    },
    orders,
    failNext: (status, times = 1) => void (failures = { status, times }),
    delayNext: (ms, times = 1) => void (delays = { ms, times }),
    advance,
    setShipmentStatus(uuid, code) {
      const order = orders.get(uuid);
      if (!order) throw new Error(`fake CDEK: no order ${uuid}`);
      advance(uuid);
      addStatus(order, code);
    },
    async close() {
      closing.abort();
      await app.close();
    },
  };
}
