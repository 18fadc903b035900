// The YooKassa (ЮKassa) API v3 adapter behind PaymentProvider. Protocol reference:
// /work/shared/spec/payments-ru.md. Money is integer kopecks on our side and a "1490.00" string on the
// wire; the conversion is string and integer work only, so no float rounding can move a kopeck.
//
// What the caller may assume after an error is PaymentProviderError.outcome: `refused` (YooKassa answered
// no, nothing happened) or `unknown` (no usable answer: repeat with the same idempotence key to find out).
// Nothing here logs, and no error carries the request's headers, so the secret key cannot leak through it.
import { BlockList, isIP } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import type {
  CreatePaymentRequest,
  PaymentProvider,
  ProviderAccount,
  ProviderPayment,
  ProviderPaymentStatus,
  ProviderRefund,
  Receipt,
  RefundRequest,
} from './provider';
import { PaymentProviderError } from './provider';

export interface YookassaOptions {
  /** e.g. https://api.yookassa.ru/v3 (config.yookassaApiUrl); tests give the local fake's address. */
  apiUrl: string;
  shopId: string;
  secretKey: string;
  /** How long one request may take, body included (default 10 s). A time-out is not repeated: the call
   *  has already kept the customer waiting that long; the outcome is `unknown`. */
  timeoutMs?: number;
  /** How many times a request is repeated after a 5xx, a 202 (processing), a 429 or a network error
   *  (default 2), always with the same body and the same idempotence key, as YooKassa asks. */
  retries?: number;
  /** The pause before a repeat (default 1 s; tests make it small). A 202's `retry_after` takes its place,
   *  up to MAX_RETRY_AFTER_MS. */
  retryDelayMs?: number;
}

/** A 202's `retry_after` is honoured only up to this, so that a customer at checkout is not kept waiting. */
const MAX_RETRY_AFTER_MS = 5_000;
/** YooKassa's limits on the free texts (longer ones are refused with a 400). */
const DESCRIPTION_MAX = 128;
const REFUND_DESCRIPTION_MAX = 250;
const IDEMPOTENCE_KEY_MAX = 64;

// ---- money on the wire ----

/** 149000 → "1490.00", 5 → "0.05": the wire's amount string, from whole kopecks. */
export function kopecksToValue(kopecks: number): string {
  if (!Number.isSafeInteger(kopecks) || kopecks < 0) throw new RangeError(`Not a sum in kopecks: ${kopecks}`);
  return `${Math.floor(kopecks / 100)}.${String(kopecks % 100).padStart(2, '0')}`;
}

/** "1490.00", "1490.5" and "1490" → 149000/149050/149000 kopecks; null when it is not such an amount
 *  (a sign, an exponent, or a fraction of a kopeck). Digits are read as text, never through a float. */
export function valueToKopecks(value: unknown): number | null {
  if (typeof value === 'number') value = String(value); // tolerated; YooKassa itself sends strings
  if (typeof value !== 'string') return null;
  const match = /^(\d+)(?:\.(\d+))?$/.exec(value);
  if (!match) return null;
  const [, whole = '', fraction = ''] = match;
  // "1490.500" is still a whole number of kopecks; "1490.505" is not.
  if (/[^0]/.test(fraction.slice(2))) return null;
  const kopecks = Number(whole) * 100 + Number(fraction.slice(0, 2).padEnd(2, '0'));
  return Number.isSafeInteger(kopecks) ? kopecks : null;
}

/** Cuts a text to `max` characters, counting code points so that an emoji is never cut in half. */
function cut(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length <= max ? text : chars.slice(0, max).join('');
}

const rub = (kopecks: number) => ({ value: kopecksToValue(kopecks), currency: 'RUB' });

/** Our receipt in YooKassa's words (§6 of the spec); `amount` is one unit's price, as on the receipt. */
export function receiptToWire(receipt: Receipt): Record<string, unknown> {
  const { email, phone, fullName, inn } = receipt.customer;
  return {
    customer: {
      ...(email ? { email } : {}),
      ...(phone ? { phone } : {}),
      ...(fullName ? { full_name: fullName } : {}),
      ...(inn ? { inn } : {}),
    },
    items: receipt.items.map((item) => ({
      description: cut(item.description, DESCRIPTION_MAX),
      // A number: YooKassa takes integers or up to 3 decimals; ours are whole pieces.
      quantity: item.quantity,
      amount: rub(item.amount),
      vat_code: item.vatCode,
      payment_subject: item.paymentSubject,
      payment_mode: item.paymentMode,
      measure: item.measure,
    })),
    ...(receipt.taxSystemCode ? { tax_system_code: receipt.taxSystemCode } : {}),
  };
}

// ---- answers ----

type Json = Record<string, unknown>;
const isObject = (x: unknown): x is Json => typeof x === 'object' && x !== null && !Array.isArray(x);

/** An answer of status 200 that is not what YooKassa documents: something happened, we cannot tell what. */
function malformed(what: string): PaymentProviderError {
  return new PaymentProviderError(
    'unknown',
    `ЮKassa прислала ответ, который не удалось разобрать (${what})`,
    {
      description: what,
    },
  );
}

function amountOf(x: unknown, field: string): number {
  const kopecks = isObject(x) ? valueToKopecks(x.value) : null;
  if (kopecks === null) throw malformed(`${field}: ${JSON.stringify(x)}`);
  return kopecks;
}

const PAYMENT_STATUSES: readonly ProviderPaymentStatus[] = [
  'pending',
  'waiting_for_capture',
  'succeeded',
  'canceled',
];
const REFUND_STATUSES: readonly ProviderRefund['status'][] = ['pending', 'succeeded', 'canceled'];

/** A payment object of YooKassa (an answer, or a notification's `object`) as the shop's ProviderPayment. */
export function paymentFromWire(raw: unknown): ProviderPayment {
  if (!isObject(raw) || typeof raw.id !== 'string' || !raw.id) throw malformed('нет id платежа');
  const status = PAYMENT_STATUSES.find((s) => s === raw.status);
  if (!status) throw malformed(`status: ${JSON.stringify(raw.status)}`);
  const metadata: Record<string, string> = {};
  if (isObject(raw.metadata))
    for (const [key, value] of Object.entries(raw.metadata))
      if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
        metadata[key] = String(value);
  const confirmation = isObject(raw.confirmation) ? raw.confirmation.confirmation_url : null;
  const cancellation = isObject(raw.cancellation_details) ? raw.cancellation_details.reason : null;
  return {
    id: raw.id,
    status,
    paid: raw.paid === true,
    amount: amountOf(raw.amount, 'amount'),
    currency: isObject(raw.amount) && typeof raw.amount.currency === 'string' ? raw.amount.currency : 'RUB',
    // Only a pending payment still needs its payment page; YooKassa may keep echoing the old link.
    confirmationUrl: status === 'pending' && typeof confirmation === 'string' ? confirmation : null,
    cancellationReason: typeof cancellation === 'string' ? cancellation : null,
    refundedAmount: raw.refunded_amount === undefined ? 0 : amountOf(raw.refunded_amount, 'refunded_amount'),
    test: raw.test === true,
    metadata,
  };
}

export function refundFromWire(raw: unknown): ProviderRefund {
  if (!isObject(raw) || typeof raw.id !== 'string' || typeof raw.payment_id !== 'string')
    throw malformed('нет id возврата или платежа');
  const status = REFUND_STATUSES.find((s) => s === raw.status);
  if (!status) throw malformed(`status: ${JSON.stringify(raw.status)}`);
  return { id: raw.id, paymentId: raw.payment_id, status, amount: amountOf(raw.amount, 'amount') };
}

/** The Russian message for the administrator when YooKassa answered 4xx. */
function refusalMessage(status: number, err: { code?: string; description?: string; parameter?: string }) {
  const why = err.description ? `: ${err.description}` : '';
  if (status === 401)
    return 'ЮKassa не приняла ключи доступа: проверьте идентификатор магазина и секретный ключ';
  if (status === 403)
    return `ЮKassa запретила эту операцию магазину: проверьте, что она подключена в личном кабинете${why}`;
  if (status === 404) return 'Платёж не найден в ЮKassa';
  if (status === 429) return 'ЮKassa получила слишком много запросов от магазина: повторите через минуту';
  if (err.parameter === 'Idempotence-Key')
    return `ЮKassa не приняла ключ идемпотентности: с этим ключом уже был другой запрос или ключ неверен${why}`;
  if (err.parameter) {
    const hint = err.parameter.startsWith('receipt')
      ? ' — проверьте настройки чеков (НДС, предмет расчёта, система налогообложения) и контакты покупателя'
      : '';
    return `ЮKassa отклонила запрос: неверный параметр «${err.parameter}»${why}${hint}`;
  }
  if (err.code === 'not_supported') return `ЮKassa: операция не поддерживается для этого магазина${why}`;
  return `ЮKassa отклонила запрос (HTTP ${status}${err.code ? `, ${err.code}` : ''})${why}`;
}

/** One exchange's result: the answer's body, or an error with whether (and when) to repeat the request. */
type Exchange =
  { ok: true; body: unknown } | { ok: false; error: PaymentProviderError; retryInMs: number | null };

// ---- the provider ----

export function yookassaProvider(options: YookassaOptions): PaymentProvider {
  const apiUrl = options.apiUrl.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 10_000;
  const retries = options.retries ?? 2;
  const retryDelayMs = options.retryDelayMs ?? 1_000;
  // Built once and kept in this closure only: never in an error, a log line or the returned object.
  const authorization = `Basic ${Buffer.from(`${options.shopId}:${options.secretKey}`).toString('base64')}`;

  async function exchange(
    method: 'GET' | 'POST',
    path: string,
    body?: string,
    key?: string,
  ): Promise<Exchange> {
    const controller = new AbortController();
    // The timer also covers reading the body: a server may send headers and then stall.
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    let status: number;
    let text: string;
    try {
      const response = await fetch(`${apiUrl}${path}`, {
        method,
        headers: {
          Authorization: authorization,
          Accept: 'application/json',
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
          ...(key === undefined ? {} : { 'Idempotence-Key': key }),
        },
        body,
        signal: controller.signal,
      });
      status = response.status;
      text = await response.text();
    } catch (e) {
      if (controller.signal.aborted) {
        const error = new PaymentProviderError(
          'unknown',
          `ЮKassa не ответила за ${String(Math.round(timeoutMs / 100) / 10).replace('.', ',')} с: результат операции неизвестен`,
          { description: 'timeout' },
        );
        return { ok: false, error, retryInMs: null };
      }
      // The cause's code (ECONNREFUSED, ENOTFOUND…) says more than undici's "fetch failed".
      const cause = e instanceof Error && isObject(e.cause) ? e.cause.code : undefined;
      const reason = typeof cause === 'string' ? cause : e instanceof Error ? e.message : String(e);
      const error = new PaymentProviderError('unknown', `Не удалось связаться с ЮKassa (${reason})`, {
        description: reason,
      });
      return { ok: false, error, retryInMs: retryDelayMs };
    } finally {
      clearTimeout(timer);
    }

    let parsed: unknown = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // Proxies answer 5xx with HTML; the status decides below.
    }
    if (status === 200) {
      if (!isObject(parsed)) return { ok: false, error: malformed('не JSON'), retryInMs: null };
      return { ok: true, body: parsed };
    }
    const err = isObject(parsed) ? parsed : {};
    const detail = {
      status,
      code: typeof err.code === 'string' ? err.code : undefined,
      description: typeof err.description === 'string' ? err.description : undefined,
      parameter: typeof err.parameter === 'string' ? err.parameter : undefined,
    };
    if (status === 202) {
      const after =
        typeof err.retry_after === 'number' ? Math.min(err.retry_after, MAX_RETRY_AFTER_MS) : null;
      const error = new PaymentProviderError(
        'unknown',
        'ЮKassa ещё обрабатывает запрос: результат пока неизвестен',
        detail,
      );
      return { ok: false, error, retryInMs: after ?? retryDelayMs };
    }
    if (status >= 500) {
      const error = new PaymentProviderError(
        'unknown',
        `ЮKassa ответила ошибкой сервера (HTTP ${status}): результат операции неизвестен, повтор с тем же ключом безопасен`,
        detail,
      );
      return { ok: false, error, retryInMs: retryDelayMs };
    }
    if (status >= 400) {
      // A 429 refused the request before doing anything, so it is `refused`, yet worth another try.
      const error = new PaymentProviderError('refused', refusalMessage(status, detail), detail);
      return { ok: false, error, retryInMs: status === 429 ? retryDelayMs : null };
    }
    const error = new PaymentProviderError('unknown', `ЮKassa ответила неожиданно (HTTP ${status})`, detail);
    return { ok: false, error, retryInMs: null };
  }

  /** A request with its repeats. The body is serialised once, so every repeat sends exactly the same bytes
   *  with the same key: YooKassa then returns the first result instead of doing the work again. */
  async function request(method: 'GET' | 'POST', path: string, payload?: unknown, key?: string) {
    const body = payload === undefined ? undefined : JSON.stringify(payload);
    for (let attempt = 0; ; attempt++) {
      const result = await exchange(method, path, body, key);
      if (result.ok) return result.body;
      if (result.retryInMs === null || attempt >= retries) throw result.error;
      await sleep(result.retryInMs);
    }
  }

  function checkKey(key: string) {
    if (!key || key.length > IDEMPOTENCE_KEY_MAX)
      throw new PaymentProviderError('refused', 'Ключ идемпотентности должен быть от 1 до 64 символов', {
        parameter: 'Idempotence-Key',
      });
  }

  function checkAmount(kopecks: number) {
    if (!Number.isSafeInteger(kopecks) || kopecks <= 0)
      throw new PaymentProviderError(
        'refused',
        `Сумма должна быть положительным числом копеек, а не ${kopecks}`,
        {
          parameter: 'amount',
        },
      );
  }

  return {
    name: 'yookassa',

    async createPayment(req: CreatePaymentRequest): Promise<ProviderPayment> {
      checkKey(req.idempotenceKey);
      checkAmount(req.amount);
      const payload = {
        amount: rub(req.amount),
        capture: true,
        confirmation: { type: 'redirect', return_url: req.returnUrl },
        description: cut(req.description, DESCRIPTION_MAX),
        metadata: req.metadata,
        receipt: receiptToWire(req.receipt),
      };
      return paymentFromWire(await request('POST', '/payments', payload, req.idempotenceKey));
    },

    async getPayment(id: string): Promise<ProviderPayment> {
      // Encoded, so that an id from a notification's body can never reach another path of the API.
      return paymentFromWire(await request('GET', `/payments/${encodeURIComponent(id)}`));
    },

    async refund(req: RefundRequest): Promise<ProviderRefund> {
      checkKey(req.idempotenceKey);
      checkAmount(req.amount);
      const payload = {
        payment_id: req.paymentId,
        amount: rub(req.amount),
        description: cut(req.description, REFUND_DESCRIPTION_MAX),
        ...(req.receipt ? { receipt: receiptToWire(req.receipt) } : {}),
      };
      return refundFromWire(await request('POST', '/refunds', payload, req.idempotenceKey));
    },

    async account(): Promise<ProviderAccount> {
      // GET /me: the shop's own settings; it changes nothing and answers 401 to keys YooKassa does not accept.
      const raw = await request('GET', '/me');
      if (!isObject(raw) || typeof raw.account_id !== 'string') throw malformed('нет account_id');
      return { accountId: raw.account_id, test: raw.test === true };
    },
  };
}

// ---- where notifications come from ----

/** The networks YooKassa sends HTTP notifications from (spec §5). A notification's body is never trusted
 *  either way: the route re-reads the payment with getPayment(). */
export const YOOKASSA_NOTIFY_NETWORKS: readonly string[] = [
  '185.71.76.0/27',
  '185.71.77.0/27',
  '77.75.153.0/25',
  '77.75.154.128/25',
  '77.75.156.11',
  '77.75.156.35',
  '2a02:5180::/32',
];

/** A BlockList of addresses ("1.2.3.4") and CIDR networks ("1.2.3.0/24", "2a02::/32"), IPv4 or IPv6. */
function blockListOf(entries: readonly string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    const [address = '', bits, extra] = entry.trim().split('/');
    const family = isIP(address);
    const prefix = Number(bits);
    const max = family === 4 ? 32 : 128;
    if (
      !family ||
      extra !== undefined ||
      (bits !== undefined && !(Number.isInteger(prefix) && prefix >= 0 && prefix <= max))
    )
      throw new Error(`Адреса уведомлений ЮKassa: «${entry}» — не IP-адрес и не сеть вида 10.0.0.0/8`);
    const type = family === 4 ? 'ipv4' : 'ipv6';
    if (bits === undefined) list.addAddress(address, type);
    else list.addSubnet(address, prefix, type);
  }
  return list;
}

// The route calls this for every notification with the same `extra` (the config's list): keep the last one.
let cached: { key: string; list: BlockList } | null = null;

/**
 * Whether `ip` (the verified client address: behind a proxy, the one the proxy vouches for, never a raw
 * X-Forwarded-For) belongs to YooKassa or to `extra` (config.yookassaExtraNotifyIps: addresses or CIDR
 * networks, e.g. the tests' 127.0.0.1). An IPv4 address written as IPv6 (::ffff:185.71.76.1, as a
 * dual-stack socket reports it) matches the IPv4 networks. Throws on a malformed `extra` entry.
 */
export function isYookassaAddress(ip: string, extra: readonly string[] = []): boolean {
  const family = isIP(ip);
  if (!family) return false;
  const key = extra.join(',');
  if (cached?.key !== key) cached = { key, list: blockListOf([...YOOKASSA_NOTIFY_NETWORKS, ...extra]) };
  return cached.list.check(ip, family === 4 ? 'ipv4' : 'ipv6');
}
