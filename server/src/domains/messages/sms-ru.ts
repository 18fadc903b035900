// SMS.ru's HTTP protocol (https://sms.ru/api/send): POST /sms/send with api_id, to, msg, json=1 and an
// optional sender name. The answer has a top-level status (the request as a whole) and one per number.
import { phoneDigits } from '@shop/schemas';
import { DeliveryError } from './delivery-error';

export interface SmsRuOptions {
  /** https://sms.ru, or a local server in tests. */
  url: string;
  apiId: string;
  /** A sender name approved in the SMS.ru account; without it SMS.ru uses its default. */
  from?: string | null;
  timeoutMs?: number;
}

/** 7XXXXXXXXXX from 8XXXXXXXXXX, +7 (XXX) XXX-XX-XX, 9XXXXXXXXX…; null when it is not a Russian number. */
export function normalizePhone(raw: string): string | null {
  const digits = phoneDigits(raw);
  if (/^9\d{9}$/.test(digits)) return `7${digits}`;
  return /^7\d{10}$/.test(digits) ? digits : null;
}

// Codes that describe this message or number, not the account or the service: sending again fails the same.
// 202 bad recipient, 203 no text, 205 text too long, 207 number not allowed, 209 number in the stop list.
const PERMANENT_CODES = new Set([202, 203, 205, 207, 209]);

interface SmsRuStatus {
  status?: string;
  status_code?: number;
  status_text?: string;
  sms_id?: string;
}

interface SmsRuAnswer extends SmsRuStatus {
  sms?: Record<string, SmsRuStatus>;
}

const failure = (s: SmsRuStatus) => {
  const code = Number(s.status_code);
  return new DeliveryError(
    `SMS.ru: ${s.status_code ?? '?'} — ${s.status_text || 'ошибка без описания'}`,
    PERMANENT_CODES.has(code),
  );
};

/** Sends one SMS; answers SMS.ru's id of the message. */
export async function sendSmsRu(opts: SmsRuOptions, to: string, text: string): Promise<string> {
  const number = normalizePhone(to);
  if (!number) throw new DeliveryError(`неверный номер телефона «${to}»`, true);
  const form = new URLSearchParams({ api_id: opts.apiId, to: number, msg: text, json: '1' });
  if (opts.from) form.set('from', opts.from);
  let res: Response;
  try {
    res = await fetch(`${opts.url.replace(/\/+$/, '')}/sms/send`, {
      method: 'POST',
      body: form,
      signal: AbortSignal.timeout(opts.timeoutMs ?? 10_000),
    });
  } catch (e) {
    const err = e as Error;
    throw new DeliveryError(
      err.name === 'TimeoutError'
        ? 'SMS.ru не ответил вовремя'
        : `нет связи с SMS.ru (${(err.cause as Error | undefined)?.message ?? err.message})`,
    );
  }
  const raw = await res.text().catch(() => '');
  if (!res.ok) throw new DeliveryError(`SMS.ru ответил HTTP ${res.status}`);
  let answer: SmsRuAnswer;
  try {
    answer = JSON.parse(raw) as SmsRuAnswer;
  } catch {
    throw new DeliveryError(`SMS.ru ответил не в формате JSON: ${raw.slice(0, 100)}`);
  }
  if (answer.status !== 'OK') throw failure(answer);
  const own = answer.sms?.[number];
  if (!own) throw new DeliveryError(`SMS.ru не сообщил о номере ${number}`);
  if (own.status !== 'OK') throw failure(own);
  return own.sms_id ?? '';
}
