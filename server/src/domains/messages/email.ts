// E-mail over SMTP with nodemailer. One pooled transporter per SMTP configuration, reused across batches;
// a changed configuration (the admin's settings) gets a new one and the old one is closed.
import type * as HtmlToText from 'html-to-text';
import { DomUtils, parseDocument } from 'htmlparser2';
import type nodemailerType from 'nodemailer';
import type { Transporter } from 'nodemailer';
import { onFirstUse } from '../../platform/on-first-use';
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

// Loaded with the first letter, not at start.
const nodemailer = onFirstUse<typeof nodemailerType>('nodemailer');
const htmlToTextLibrary = onFirstUse<typeof HtmlToText>('html-to-text');

let current: { key: string; transporter: Transporter } | null = null;

function transporterFor(opts: SmtpOptions): Transporter {
  const key = JSON.stringify(opts);
  if (current?.key === key) return current.transporter;
  current?.transporter.close();
  const common = { pool: true as const, maxConnections: 2, maxMessages: 100, ...TIMEOUTS };
  const transporter = opts.url
    ? nodemailer().createTransport({ ...common, url: opts.url })
    : nodemailer().createTransport({
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

const UNSUBSCRIBE_PATH = /\/newsletter\/unsubscribe\?token=./;

/** The newsletter's unsubscribe link in a body, for the List-Unsubscribe header. */
export function unsubscribeUrlOf(html: string): string | null {
  // htmlparser2 decodes the attribute ("&amp;utm=" in the body is "&utm=" in the header).
  const link = DomUtils.findOne(
    (el) => el.name === 'a' && UNSUBSCRIBE_PATH.test(el.attribs.href ?? ''),
    parseDocument(html).children,
  );
  return link?.attribs.href ?? null;
}

/**
 * The plain-text part of a letter (html-to-text): paragraphs and line breaks kept, links written as
 * "text (address)" (an e-mail address or a URL that is the link's own text is not repeated), lists with
 * bullets, tables in columns, images and tags dropped, no hard wrapping (mail clients wrap themselves).
 * Mail clients without HTML and spam filters read this one.
 */
let compiledHtmlToText: ((html: string) => string) | null = null;
export const htmlToText = (html: string): string =>
  (compiledHtmlToText ??= htmlToTextLibrary().compile(HTML_TO_TEXT))(html);

const HTML_TO_TEXT: HtmlToText.HtmlToTextOptions = {
  wordwrap: false,
  selectors: [
    { selector: 'a', options: { linkBrackets: ['(', ')'], hideLinkHrefIfSameAsText: true } },
    { selector: 'img', format: 'skip' },
    { selector: 'ul', options: { itemPrefix: '• ' } },
    { selector: 'table', format: 'dataTable' },
    // Headings as written (the library would shout them in capitals), one blank line around like a paragraph.
    ...['h1', 'h2', 'h3', 'h4', 'h5', 'h6'].map((selector) => ({
      selector,
      options: { uppercase: false, leadingLineBreaks: 2, trailingLineBreaks: 2 },
    })),
  ],
};

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
