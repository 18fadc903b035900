// E-mail over SMTP with nodemailer. One pooled transporter per SMTP configuration, reused across batches;
// a changed configuration (the admin's settings) gets a new one and the old one is closed.
import nodemailer, { type Transporter } from 'nodemailer';
import { DeliveryError } from './delivery-error';

export interface SmtpOptions {
  /** smtp://user:pass@host:port or smtps://… (SMTP_URL); wins over the fields below. */
  url?: string | null;
  host?: string | null;
  port?: number;
  secure?: boolean;
  user?: string | null;
  password?: string | null;
}

export interface OutgoingEmail {
  /** The outbox row's id: the Message-ID is made from it. */
  id: number;
  from: string;
  to: string;
  subject: string;
  html: string;
}

// A dead or silent server fails a message in seconds, not after the operating system's minutes; the worker
// retries it later.
const TIMEOUTS = { connectionTimeout: 5_000, greetingTimeout: 5_000, socketTimeout: 15_000 };

let current: { key: string; transporter: Transporter } | null = null;

function transporterFor(opts: SmtpOptions): Transporter {
  const key = JSON.stringify(opts);
  if (current?.key === key) return current.transporter;
  current?.transporter.close();
  const common = { pool: true as const, maxConnections: 2, maxMessages: 100, ...TIMEOUTS };
  const transporter = opts.url
    ? nodemailer.createTransport({ ...common, url: opts.url })
    : nodemailer.createTransport({
        ...common,
        host: opts.host!,
        port: opts.port ?? 465,
        secure: opts.secure ?? true,
        ...(opts.user ? { auth: { user: opts.user, pass: opts.password ?? '' } } : {}),
      });
  current = { key, transporter };
  return transporter;
}

/** Closes the pooled connections (the worker stops). */
export function closeEmailTransport() {
  current?.transporter.close();
  current = null;
}

/** The domain for Message-IDs: the sender's, so they look like the shop's own. */
function domainOf(from: string) {
  return /@([^\s>]+)>?\s*$/.exec(from)?.[1] ?? 'localhost';
}

const UNSUBSCRIBE_LINK = /href\s*=\s*"([^"]*\/newsletter\/unsubscribe\?token=[^"]+)"/i;

/** The newsletter's unsubscribe link in a body, for the List-Unsubscribe header. */
export function unsubscribeUrlOf(html: string): string | null {
  const m = UNSUBSCRIBE_LINK.exec(html);
  return m ? decodeEntities(m[1]!) : null;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decodeEntities(s: string) {
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#')
      return String.fromCodePoint(
        name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1)),
      );
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/**
 * The plain-text part of a letter: paragraphs and line breaks kept, links written as "text (address)",
 * tags dropped. Mail clients without HTML and spam filters read this one.
 */
export function htmlToText(html: string): string {
  const text = html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, '')
    .replace(/<a\s[^>]*href\s*=\s*"([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi, (_, href: string, label: string) => {
      const inner = label.replace(/<[^>]+>/g, '').trim();
      return !inner || inner === href ? href : `${inner} (${href})`;
    })
    .replace(/\s*\n\s*/g, ' ')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|h[1-6]|table|ul|ol|blockquote)>/gi, '\n\n')
    .replace(/<\/(tr|li)>/gi, '\n')
    .replace(/<\/t[dh]>/gi, '\t')
    .replace(/<li[^>]*>/gi, '• ')
    .replace(/<[^>]+>/g, '');
  return decodeEntities(text)
    .split('\n')
    .map((line) => line.replace(/[ \t]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** What a failed send means for an administrator, in Russian, with the server's own words kept. */
function describe(e: unknown): DeliveryError {
  const err = e as Error & { code?: string; responseCode?: number; response?: string; permanent?: boolean };
  const detail = err.response ?? err.message;
  const reason: Record<string, string> = {
    ECONNECTION: 'SMTP-сервер недоступен',
    ESOCKET: 'SMTP-сервер недоступен',
    EDNS: 'адрес SMTP-сервера не найден',
    ETIMEDOUT: 'SMTP-сервер не ответил вовремя',
    ETLS: 'не удалось установить защищённое соединение с SMTP-сервером',
    EAUTH: 'SMTP-сервер не принял логин или пароль',
    ENOAUTH: 'для SMTP-сервера не указаны логин и пароль',
    EENVELOPE: 'SMTP-сервер отклонил отправителя или получателя',
    EMESSAGE: 'SMTP-сервер отклонил письмо',
  };
  const what = reason[err.code ?? ''] ?? 'ошибка SMTP';
  // A 5xx answer to this letter's envelope or content is final; a refused login or a dead server is not
  // about the letter, and the next try (after the administrator fixes the settings) may succeed.
  const permanent = err.permanent === true && (err.code === 'EENVELOPE' || err.code === 'EMESSAGE');
  return new DeliveryError(`${what} (${detail})`, permanent);
}

/** Sends one letter; answers the SMTP server's reply (its queue id) for the outbox row. */
export async function sendEmail(smtp: SmtpOptions, mail: OutgoingEmail): Promise<string> {
  const unsubscribe = unsubscribeUrlOf(mail.html);
  try {
    const info = await transporterFor(smtp).sendMail({
      from: mail.from,
      to: mail.to,
      subject: mail.subject,
      html: mail.html,
      text: htmlToText(mail.html),
      // The same Message-ID on every try: a receiver that got a letter twice (see worker.ts) can drop one.
      messageId: `<outbox-${mail.id}@${domainOf(mail.from)}>`,
      // RFC 8058 one-click unsubscribe: mail clients show an "Unsubscribe" button and POST to the link.
      ...(unsubscribe
        ? {
            headers: {
              'List-Unsubscribe': `<${unsubscribe}>`,
              'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
            },
          }
        : {}),
    });
    return String((info as { response?: string }).response ?? info.messageId ?? '');
  } catch (e) {
    throw describe(e);
  }
}
