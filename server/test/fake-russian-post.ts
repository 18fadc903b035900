// A local server that speaks the Russian Post tariff calculator (tariff.pochta.ru, spec:
// /work/shared/spec/integrations-ru.md §3 and §6), for vitest and Playwright alike (so: no test-framework
// imports). Deterministic prices and terms from the two indexes and the weight; it can be told to fail or
// to answer late.
//
// ASSUMPTIONS of this stand-in (the calculator's error format is not documented in our spec): a refused
// calculation is HTTP 200 with `{"errors":[{"code":…,"msg":"…"}]}`; a malformed or unknown index (not six
// digits, or starting with 0) has code 1001 (our invention); EMS (7030) to an index starting with 689 (far
// north-east) has code 2006, one of the 2005–2010 "not on this route" codes an integrator reports.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

/** The objects the fake prices, with a factor on the standard parcel's price. */
const OBJECTS: Record<number, { name: string; factor: number; fast: boolean }> = {
  27030: { name: 'Посылка стандарт', factor: 1, fast: false },
  47030: { name: 'Посылка 1 класса', factor: 1.5, fast: true },
  7030: { name: 'EMS', factor: 2.5, fast: true },
  4030: { name: 'Посылка нестандартная', factor: 1.3, fast: false },
  23030: { name: 'Посылка онлайн', factor: 0.9, fast: false },
};

const VALID_INDEX = /^[1-9]\d{5}$/;

/**
 * The fake's price in kopecks and terms in days: d = |first three digits of `from` − those of `to`|;
 * pay = (250 ₽ + 30 kopecks × d + 35 ₽ per started 500 g) × the object's factor, VAT 20 % on top;
 * days = 2 + ⌊d / 100⌋ … that + 3 (1 + ⌊d / 200⌋ … that + 2 for first class and EMS).
 */
export function fakeRussianPostTariff(object: number, from: string, to: string, weight: number) {
  const kind = OBJECTS[object] ?? OBJECTS[27030]!;
  const d = Math.abs(Number(from.slice(0, 3)) - Number(to.slice(0, 3)));
  const pay = Math.round((25_000 + d * 30 + Math.ceil(weight / 500) * 3_500) * kind.factor);
  const nds = Math.round((pay * 20) / 100);
  const min = kind.fast ? 1 + Math.floor(d / 200) : 2 + Math.floor(d / 100);
  const max = min + (kind.fast ? 2 : 3);
  return { pay, nds, paynds: pay + nds, min, max };
}

export interface FakeRussianPostRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  status: number;
}

export interface FakeRussianPost {
  /** The base to give russianPostCarrier, e.g. http://127.0.0.1:PORT/v2. */
  url: string;
  requests: FakeRussianPostRequest[];
  /** The next `times` requests answer `status` (500, 429, 503…) with an HTML page, as a proxy would. */
  failNext(status: number, times?: number): void;
  /** The next `times` requests answer only after `ms`. */
  delayNext(ms: number, times?: number): void;
  close(): Promise<void>;
}

type Answer = { status: number; body: unknown };
const refused = (code: number, msg: string): Answer => ({ status: 200, body: { errors: [{ code, msg }] } });

function calculate(q: Record<string, string>, withTerms: boolean): Answer {
  const object = Number(q.object);
  const kind = OBJECTS[object];
  if (!kind) return refused(1000, `Неизвестный вид отправления: ${q.object ?? ''}`);
  const from = q.from ?? '';
  const to = q.to ?? '';
  if (!VALID_INDEX.test(from)) return refused(1001, `Неверный индекс места приёма: ${from}`);
  if (!VALID_INDEX.test(to)) return refused(1001, `Неверный индекс места назначения: ${to}`);
  const weight = Number(q.weight);
  if (!Number.isInteger(weight) || weight <= 0) return refused(1002, 'Не указан вес отправления');
  if (q.pack !== undefined && !/^\d+$/.test(q.pack)) return refused(1003, 'Неверный код упаковки');
  if (object === 7030 && to.startsWith('689'))
    return refused(2006, 'Отправления EMS в это место назначения не принимаются');
  const t = fakeRussianPostTariff(object, from, to, weight);
  const deadline = new Date(Date.now() + t.max * 86_400_000);
  const ymd = deadline.toISOString().slice(0, 10).replaceAll('-', '');
  return {
    status: 200,
    body: {
      id: object,
      name: kind.name,
      from: Number(from),
      to: Number(to),
      weight,
      ...(q.pack === undefined ? {} : { pack: Number(q.pack) }),
      ground: { val: t.pay, valnds: t.paynds },
      pay: t.pay,
      paynds: t.paynds,
      nds: t.nds,
      ndsrate: 20,
      ...(withTerms ? { delivery: { min: t.min, max: t.max, deadline: `${ymd}T235959` } } : {}),
    },
  };
}

export async function startFakeRussianPost(options: { port?: number } = {}): Promise<FakeRussianPost> {
  const requests: FakeRussianPostRequest[] = [];
  let failures = { status: 500, times: 0 };
  let delays = { ms: 0, times: 0 };
  const closing = new AbortController();

  const server = createServer((req, res) => {
    void (async () => {
      const address = new URL(req.url ?? '/', 'http://fake');
      // `json` comes as a bare flag (?json&object=…): kept as an empty value.
      const query = Object.fromEntries(address.searchParams);
      let answer: Answer;
      if (delays.times > 0) {
        delays.times--;
        await sleep(delays.ms, undefined, { signal: closing.signal }).catch(() => undefined);
      }
      if (failures.times > 0) {
        failures.times--;
        answer = { status: failures.status, body: null };
      } else if (req.method !== 'GET') answer = { status: 405, body: null };
      else if (address.pathname === '/v2/calculate/tariff') answer = calculate(query, false);
      else if (address.pathname === '/v2/calculate/tariff/delivery') answer = calculate(query, true);
      else answer = { status: 404, body: null };
      requests.push({ method: req.method ?? 'GET', path: address.pathname, query, status: answer.status });
      if (answer.body === null)
        res
          .writeHead(answer.status, { 'Content-Type': 'text/html; charset=utf-8' })
          .end(`<html><body><h1>${answer.status}</h1></body></html>`);
      else
        res
          .writeHead(answer.status, { 'Content-Type': 'application/json; charset=utf-8' })
          .end(JSON.stringify(answer.body));
    })();
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));

  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v2`,
    requests,
    failNext: (status, times = 1) => void (failures = { status, times }),
    delayNext: (ms, times = 1) => void (delays = { ms, times }),
    async close() {
      closing.abort();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
