// A local server that speaks YooKassa's API v3 (spec: /work/shared/spec/payments-ru.md §8), for vitest and
// Playwright alike (so: no test-framework imports). It is strict where the real one refuses (auth, keys,
// amounts, receipts), serves a payment page at confirmation_url, sends notifications with retries, and
// can be told to fail, hang, or send duplicate notifications. Its amount parsing is its own on purpose:
// reusing the adapter's would let one bug pass on both sides.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

type Json = Record<string, unknown>;
type Money = { value: string; currency: string };

export interface FakePayment {
  id: string;
  status: 'pending' | 'succeeded' | 'canceled';
  paid: boolean;
  amount: Money;
  income_amount?: Money;
  refunded_amount?: Money;
  description?: string;
  metadata: Record<string, string>;
  recipient: { account_id: string; gateway_id: string };
  refundable: boolean;
  test: boolean;
  created_at: string;
  captured_at?: string;
  confirmation?: { type: 'redirect'; confirmation_url: string; return_url: string };
  cancellation_details?: { party: string; reason: string };
  receipt_registration?: 'succeeded';
}
export interface FakeRefund {
  id: string;
  payment_id: string;
  status: 'succeeded';
  amount: Money;
  description?: string;
  /** The refund's receipt as sent (Чеки от ЮKassa need one for a partial refund). */
  receipt?: Json;
  created_at: string;
}
export interface FakeRequest {
  method: string;
  path: string;
  idempotenceKey: string | null;
  body: unknown;
  /** The status answered, or 'hung' for hangNext. */
  status: number | 'hung';
}
export interface FakeNotification {
  event: string;
  objectId: string;
  /** The shop's answer, or 'error' when it could not be reached. */
  status: number | 'error';
}

export interface FakeYookassaOptions {
  shopId: string;
  secretKey: string;
  /** 0 (default) = any free port. */
  port?: number;
  notifyUrl?: string;
  /** A pause before each notification is sent: a late webhook. */
  notifyDelayMs?: number;
  /** How many times a notification is tried while the shop does not answer 200 (default 3), and the pause. */
  notifyAttempts?: number;
  notifyRetryMs?: number;
  /** After «Оплатить»: true = redirect the customer first and notify afterwards; false (default) = deliver
   *  the notification (with its retries) before the redirect, so the return page already sees it. */
  returnFirst?: boolean;
}

export interface FakeYookassa {
  /** Give it to yookassaProvider / YOOKASSA_API_URL, e.g. http://127.0.0.1:PORT/v3. */
  apiUrl: string;
  origin: string;
  payments: Map<string, FakePayment>;
  refunds: Map<string, FakeRefund>;
  requests: FakeRequest[];
  notifications: FakeNotification[];
  setNotifyUrl(url: string | null): void;
  /** The next n API requests answer `status` (500, 429, 202…). With `processed`, a POST is carried out
   *  first and only its answer is lost: the repeat with the same key must then get the same object. */
  failNext(n: number, status: number, processed?: boolean): void;
  /** The next n API requests are carried out and never answered (the adapter's time-out). */
  hangNext(n: number): void;
  /** What the payment page's buttons do; each resolves once its notification has been delivered or given up. */
  succeed(id: string): Promise<void>;
  decline(id: string, reason?: string): Promise<void>;
  expire(id: string): Promise<void>;
  /** Sends the object's current state again `times` times, one after the other (duplicates). `event`
   *  defaults to the current state's (a pending payment gets payment.waiting_for_capture, which a
   *  capture:true shop never expects); it may lie about the state: the shop must re-read the payment. */
  notify(id: string, event?: string, times?: number): Promise<void>;
  /** Resolves when every notification under way has been delivered or given up. */
  settled(): Promise<void>;
  close(): Promise<void>;
}

const fromValue = (m: unknown): number | null =>
  typeof m === 'object' &&
  m !== null &&
  typeof (m as Json).value === 'string' &&
  /^\d+\.\d\d$/.test((m as Money).value)
    ? Number((m as Money).value.replace('.', ''))
    : null;
const toValue = (k: number): Money => ({
  value: `${Math.floor(k / 100)}.${String(k % 100).padStart(2, '0')}`,
  currency: 'RUB',
});
const obj = (x: unknown): x is Json => typeof x === 'object' && x !== null && !Array.isArray(x);
const esc = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
const chars = (s: unknown) => (typeof s === 'string' ? Array.from(s).length : -1);
const SUBJECTS = 'commodity excise job service composite another payment agent_commission'.split(' ');

/** Error bodies as YooKassa writes them. */
function error(status: number, code: string, description: string, parameter?: string) {
  return {
    status,
    body: { type: 'error', id: randomUUID(), code, description, ...(parameter ? { parameter } : {}) },
  };
}
const invalid = (parameter: string, description: string) =>
  error(400, 'invalid_request', description, parameter);

/** The §2/§6 checks of a new payment; null when it is acceptable. */
function checkPayment(b: Json) {
  const amount = fromValue(b.amount);
  if (!amount || (b.amount as Money).currency !== 'RUB')
    return invalid('amount', 'Invalid amount value or currency');
  if (b.capture !== true)
    return error(400, 'not_supported', 'The fake supports one-stage payments only', 'capture');
  const c = b.confirmation;
  if (!obj(c) || c.type !== 'redirect' || typeof c.return_url !== 'string')
    return invalid('confirmation', 'Redirect confirmation with return_url expected');
  if (b.description !== undefined && (chars(b.description) < 0 || chars(b.description) > 128))
    return invalid('description', 'Description is too long');
  const meta = b.metadata ?? {};
  if (!obj(meta) || Object.keys(meta).length > 16) return invalid('metadata', 'Metadata: at most 16 keys');
  for (const [k, v] of Object.entries(meta))
    if (k.length > 32 || typeof v !== 'string' || v.length > 512)
      return invalid('metadata', `Metadata key ${k}`);
  return checkReceipt(b.receipt, amount);
}

/** The §6 checks of a receipt whose items must add up to `amount` kopecks; null when it is acceptable. */
function checkReceipt(r: unknown, amount: number) {
  if (!obj(r) || !obj(r.customer) || !Array.isArray(r.items))
    return invalid('receipt', 'Receipt is missing or illegal');
  const { email, phone } = r.customer;
  if (
    !(typeof email === 'string' && email.includes('@')) &&
    !(typeof phone === 'string' && /^\d{10,15}$/.test(phone))
  )
    return invalid('receipt.customer', 'Receipt customer needs an e-mail or a phone of digits only');
  if (r.items.length < 1 || r.items.length > 100) return invalid('receipt.items', 'From 1 to 100 items');
  if (r.tax_system_code !== undefined && ![1, 2, 3, 4, 5, 6].includes(r.tax_system_code as number))
    return invalid('receipt.tax_system_code', 'Unknown tax system');
  // Σ unit × quantity in thousandths of a kopeck, quantities having at most 3 decimals: integers throughout.
  let sum = 0;
  for (const item of r.items as unknown[]) {
    if (!obj(item)) return invalid('receipt.items', 'Item must be an object');
    const q = /^\d+(\.\d{1,3})?$/.exec(String(item.quantity));
    const unit = fromValue(item.amount);
    if (chars(item.description) < 1 || chars(item.description) > 128)
      return invalid('receipt.items.description', 'Item description: 1 to 128 characters');
    if (!q || Number(item.quantity) <= 0) return invalid('receipt.items.quantity', 'Invalid quantity');
    if (unit === null || unit <= 0) return invalid('receipt.items.amount', 'Invalid item amount');
    if (!Number.isInteger(item.vat_code) || (item.vat_code as number) < 1 || (item.vat_code as number) > 12)
      return invalid('receipt.items.vat_code', 'Invalid vat_code');
    if (!SUBJECTS.includes(item.payment_subject as string))
      return invalid('receipt.items.payment_subject', 'Invalid payment_subject');
    if (!['full_prepayment', 'full_payment'].includes(item.payment_mode as string))
      return invalid(
        'receipt.items.payment_mode',
        'Чеки от ЮKassa take full_prepayment or full_payment only',
      );
    if (typeof item.measure !== 'string') return invalid('receipt.items.measure', 'Measure is required');
    const [whole = '0', frac = ''] = String(item.quantity).split('.');
    sum += unit * (Number(whole) * 1000 + Number(frac.padEnd(3, '0')));
  }
  if (sum !== amount * 1000)
    return invalid('receipt.items.amount', 'Sum of receipt items differs from the amount');
  return null;
}

const PARTY: Record<string, string> = {
  canceled_by_merchant: 'merchant',
  expired_on_confirmation: 'yoo_money',
  fraud_suspected: 'yoo_money',
};

export async function startFakeYookassa(options: FakeYookassaOptions): Promise<FakeYookassa> {
  const payments = new Map<string, FakePayment>();
  const refunds = new Map<string, FakeRefund>();
  const requests: FakeRequest[] = [];
  const notifications: FakeNotification[] = [];
  const keys = new Map<string, { body: string; status: number; answer: unknown }>();
  const returnUrls = new Map<string, string>();
  const inFlight = new Set<Promise<void>>();
  let notifyUrl = options.notifyUrl ?? null;
  let failures: { n: number; status: number; processed: boolean } = { n: 0, status: 500, processed: false };
  let hangs = 0;
  let closed = false;
  const auth = `Basic ${Buffer.from(`${options.shopId}:${options.secretKey}`).toString('base64')}`;

  /** POSTs the notification until the shop answers 200 or the attempts run out; never throws. */
  function deliver(event: string, object: FakePayment | FakeRefund): Promise<void> {
    const body = JSON.stringify({ type: 'notification', event, object }); // a snapshot, as YooKassa's
    const run = async () => {
      await sleep(options.notifyDelayMs ?? 0);
      for (let i = 0; i < (options.notifyAttempts ?? 3) && notifyUrl && !closed; i++) {
        if (i > 0) await sleep(options.notifyRetryMs ?? 100);
        let status: number | 'error' = 'error';
        try {
          const res = await fetch(notifyUrl, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body,
            signal: AbortSignal.timeout(5000),
          });
          status = res.status;
          await res.arrayBuffer();
        } catch {
          // The shop is down or slow: as for a non-200, YooKassa tries again later.
        }
        notifications.push({ event, objectId: object.id, status });
        if (status === 200) return;
      }
    };
    const p = run().finally(() => inFlight.delete(p));
    inFlight.add(p);
    return p;
  }

  function settle(id: string, paid: boolean, reason = '3d_secure_failed'): Promise<void> {
    const p = payments.get(id);
    if (!p || p.status !== 'pending') throw new Error(`fake YooKassa: payment ${id} is not pending`);
    delete p.confirmation; // no longer needed once final, as the real API
    if (paid) {
      const amount = fromValue(p.amount)!;
      Object.assign(p, {
        status: 'succeeded',
        paid: true,
        refundable: true,
        captured_at: new Date().toISOString(),
      });
      Object.assign(p, {
        income_amount: toValue(amount - Math.round(amount * 0.035)),
        receipt_registration: 'succeeded',
      });
    } else {
      Object.assign(p, {
        status: 'canceled',
        cancellation_details: { party: PARTY[reason] ?? 'payment_network', reason },
      });
    }
    return deliver(paid ? 'payment.succeeded' : 'payment.canceled', p);
  }

  function createPayment(b: Json): { status: number; body: unknown } {
    const bad = checkPayment(b);
    if (bad) return bad;
    const id = `${randomUUID().slice(0, 8)}-000f-5000-9000-${randomUUID().slice(-12)}`;
    const confirmation = b.confirmation as { return_url: string };
    returnUrls.set(id, confirmation.return_url);
    const payment: FakePayment = {
      id,
      status: 'pending',
      paid: false,
      amount: b.amount as Money,
      ...(typeof b.description === 'string' ? { description: b.description } : {}),
      metadata: (b.metadata ?? {}) as Record<string, string>,
      recipient: { account_id: options.shopId, gateway_id: '100500' },
      refundable: false,
      test: options.secretKey.startsWith('test_'),
      created_at: new Date().toISOString(),
      confirmation: {
        type: 'redirect',
        confirmation_url: `${origin}/checkout/${id}`,
        return_url: confirmation.return_url,
      },
    };
    payments.set(id, payment);
    return { status: 200, body: payment };
  }

  function createRefund(b: Json): { status: number; body: unknown } {
    const p = payments.get(String(b.payment_id));
    if (!p) return error(404, 'not_found', 'Payment not found', 'payment_id');
    if (p.status !== 'succeeded') return invalid('payment_id', 'Only succeeded payments can be refunded');
    const amount = fromValue(b.amount);
    const refunded = fromValue(p.refunded_amount) ?? 0;
    if (!amount || amount > fromValue(p.amount)! - refunded)
      return invalid('amount', 'Refund amount exceeds the remainder');
    // Чеки от ЮKassa: a full refund needs no receipt (it repeats the payment's), a partial one does.
    if (b.receipt !== undefined || amount !== fromValue(p.amount)) {
      const bad = checkReceipt(b.receipt, amount);
      if (bad) return bad;
    }
    const refund: FakeRefund = {
      id: randomUUID(),
      payment_id: p.id,
      status: 'succeeded',
      amount: toValue(amount),
      created_at: new Date().toISOString(),
      ...(typeof b.description === 'string' ? { description: b.description } : {}),
      ...(obj(b.receipt) ? { receipt: b.receipt } : {}),
    };
    refunds.set(refund.id, refund);
    p.refunded_amount = toValue(refunded + amount);
    void deliver('refund.succeeded', refund);
    return { status: 200, body: refund };
  }

  /** The API proper; answers null for a request that is to hang. */
  function api(method: string, path: string, key: string | null, raw: string, req: IncomingMessage) {
    if (req.headers.authorization !== auth)
      return error(401, 'invalid_credentials', 'Login or password are incorrect');
    const failure = failures.n > 0 ? (failures.n--, failures) : null;
    const injected = () =>
      error(
        failure!.status,
        failure!.status === 429 ? 'too_many_requests' : 'internal_server_error',
        'Injected failure',
      );
    if (failure && !(failure.processed && method === 'POST')) return injected();
    const hang = hangs > 0 ? (hangs--, true) : false;
    const [, , kind, rawId, extra] = path.split('/');
    const id = rawId === undefined ? undefined : decodeURIComponent(rawId);
    let result: { status: number; body: unknown };
    if (method === 'GET' && kind === 'me' && id === undefined) {
      // The shop's settings (GET /v3/me): what «Проверить подключение» asks.
      result = {
        status: 200,
        body: {
          account_id: options.shopId,
          test: true,
          status: 'enabled',
          fiscalization_enabled: true,
          payment_methods: ['bank_card', 'sbp'],
        },
      };
    } else if (
      method === 'GET' &&
      id !== undefined &&
      extra === undefined &&
      (kind === 'payments' || kind === 'refunds')
    ) {
      const found = kind === 'payments' ? payments.get(id) : refunds.get(id);
      result = found ? { status: 200, body: found } : error(404, 'not_found', 'Object not found');
    } else if (method === 'POST' && id === undefined && (kind === 'payments' || kind === 'refunds')) {
      if (!key) return invalid('Idempotence-Key', 'Idempotence key is missing');
      if (key.length > 64) return invalid('Idempotence-Key', 'Idempotence key is too long');
      const seen = keys.get(key);
      if (seen && seen.body !== raw) return invalid('Idempotence-Key', 'Idempotence key duplicated');
      if (seen) result = { status: seen.status, body: seen.answer };
      else {
        let b: unknown;
        try {
          b = JSON.parse(raw);
        } catch {
          return invalid('body', 'Request body is not JSON');
        }
        if (!obj(b)) return invalid('body', 'Request body is not an object');
        result = kind === 'payments' ? createPayment(b) : createRefund(b);
        // Only carried-out requests are remembered; a refused one may be corrected and sent with its key.
        if (result.status === 200) keys.set(key, { body: raw, status: result.status, answer: result.body });
      }
    } else result = error(404, 'not_found', 'Unknown method or path');
    if (hang) return null;
    return failure ? injected() : result;
  }

  function page(res: ServerResponse, p: FakePayment) {
    const k = fromValue(p.amount)!;
    const sum = `${String(Math.floor(k / 100)).replace(/\B(?=(\d{3})+$)/g, '\u00a0')},${String(k % 100).padStart(2, '0')}\u00a0₽`;
    const body =
      p.status === 'pending'
        ? `<form method="post"><button name="action" value="pay">Оплатить</button> <button name="action" value="decline">Отказаться</button></form>`
        : `<p>Платёж уже обработан: ${p.status}</p>`;
    res
      .writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' })
      .end(
        `<!doctype html><html lang="ru"><meta charset="utf-8"><title>Тестовая оплата ЮKassa</title>` +
          `<h1>Тестовая оплата ЮKassa</h1><p>${esc(p.description ?? '')}</p><p>К оплате: <b>${sum}</b></p>${body}</html>`,
      );
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const { pathname } = new URL(req.url ?? '/', origin);
        const method = req.method ?? 'GET';
        const checkout = /^\/checkout\/([^/]+)$/.exec(pathname);
        if (checkout) {
          const p = payments.get(decodeURIComponent(checkout[1]!));
          if (!p) return res.writeHead(404).end('Нет такого платежа');
          if (method !== 'POST') return page(res, p);
          const action = new URLSearchParams(raw).get('action');
          // A second click (or Back and click) after the payment is final just goes back to the shop.
          const delivery = p.status === 'pending' ? settle(p.id, action === 'pay') : Promise.resolve();
          if (!options.returnFirst) await delivery;
          return res.writeHead(302, { Location: returnUrls.get(p.id) }).end();
        }
        const key =
          typeof req.headers['idempotence-key'] === 'string' ? req.headers['idempotence-key'] : null;
        let body: unknown = raw;
        try {
          body = raw ? JSON.parse(raw) : null;
        } catch {
          // kept as text in the log
        }
        const result = api(method, pathname, key, raw, req);
        requests.push({
          method,
          path: pathname,
          idempotenceKey: key,
          body,
          status: result ? result.status : 'hung',
        });
        if (!result) return; // close() ends the connection
        res
          .writeHead(result.status, { 'Content-Type': 'application/json' })
          .end(JSON.stringify(result.status === 202 ? { type: 'processing', retry_after: 50 } : result.body));
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    apiUrl: `${origin}/v3`,
    origin,
    payments,
    refunds,
    requests,
    notifications,
    setNotifyUrl: (url) => void (notifyUrl = url),
    failNext: (n, status, processed = false) => void (failures = { n, status, processed }),
    hangNext: (n) => void (hangs = n),
    succeed: (id) => settle(id, true),
    decline: (id, reason) => settle(id, false, reason),
    expire: (id) => settle(id, false, 'expired_on_confirmation'),
    async notify(id, event, times = 1) {
      const p = payments.get(id);
      const object = p ?? refunds.get(id);
      if (!object) throw new Error(`fake YooKassa: no payment or refund ${id}`);
      const name =
        event ??
        (p ? `payment.${p.status === 'pending' ? 'waiting_for_capture' : p.status}` : 'refund.succeeded');
      for (let i = 0; i < times; i++) await deliver(name, object);
    },
    async settled() {
      while (inFlight.size) await Promise.all([...inFlight]);
    },
    async close() {
      closed = true;
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await Promise.all([...inFlight]);
    },
  };
}
