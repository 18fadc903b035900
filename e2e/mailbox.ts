// A real mail server for the browser tests: the e2e shop delivers its outbox over SMTP to this one
// (SMTP_URL in playwright.config.ts), which keeps every letter in memory and shows them to the specs over
// HTTP. globalSetup (browser.ts) starts it in Playwright's runner process; the specs run in worker
// processes and read the letters with `lettersTo()`.
//
// Recipients at @refused.e2e.local are refused with 550, so the shop's failure path (a letter that ends
// «Ошибка отправки» in unsend-emails) stays testable with a working gateway.
import { expect } from '@playwright/test';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export const SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? 3198);
export const MAILBOX_PORT = Number(process.env.E2E_MAILBOX_PORT ?? 3197);
export const REFUSED_DOMAIN = 'refused.e2e.local';

export interface Letter {
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  receivedAt: string;
}

/** Starts the SMTP server and its HTTP window; the returned function stops both. */
export async function startMailbox(): Promise<() => Promise<void>> {
  // Loaded here, in the runner only: the specs import this module for lettersTo() alone.
  const [{ SMTPServer }, { simpleParser }] = await Promise.all([import('smtp-server'), import('mailparser')]);
  const letters: Letter[] = [];

  const smtp = new SMTPServer({
    authOptional: true,
    // Plain SMTP on the loopback: no certificate to make, and nodemailer does not insist on STARTTLS.
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (address.address.toLowerCase().endsWith(`@${REFUSED_DOMAIN}`)) {
        const refusal = Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 });
        callback(refusal);
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          letters.push({
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            html: typeof mail.html === 'string' ? mail.html : '',
            receivedAt: new Date().toISOString(),
          });
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve, reject) => {
    smtp.once('error', reject);
    smtp.listen(SMTP_PORT, '127.0.0.1', () => resolve());
  });

  // GET /letters?to=<address>: that recipient's letters, oldest first.
  const http: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://mailbox');
    if (req.method !== 'GET' || url.pathname !== '/letters') {
      res.writeHead(404).end();
      return;
    }
    const to = url.searchParams.get('to')?.toLowerCase();
    const found = to ? letters.filter((l) => l.to.includes(to)) : letters;
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(found));
  });
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(MAILBOX_PORT, '127.0.0.1', () => resolve());
  });
  const { port } = http.address() as AddressInfo;
  console.log(`e2e mailbox: SMTP on 127.0.0.1:${SMTP_PORT}, letters at http://127.0.0.1:${port}/letters`);

  return async () => {
    await new Promise<void>((resolve) => http.close(() => resolve()));
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  };
}

/** The letters the shop has delivered to one address so far. */
export async function lettersTo(address: string): Promise<Letter[]> {
  const res = await fetch(
    `http://127.0.0.1:${MAILBOX_PORT}/letters?to=${encodeURIComponent(address.toLowerCase())}`,
  );
  if (!res.ok) throw new Error(`mailbox answered ${res.status}`);
  return (await res.json()) as Letter[];
}

/** The newest letter to an address whose subject matches, once it has arrived (the outbox worker sends
 *  within seconds of the change that queued it). */
export async function waitForLetter(address: string, subject: RegExp): Promise<Letter> {
  let found: Letter | undefined;
  await expect
    .poll(
      async () => {
        found = (await lettersTo(address)).findLast((l) => subject.test(l.subject));
        return found !== undefined;
      },
      { timeout: 20_000, message: `a letter «${String(subject)}» to ${address}` },
    )
    .toBe(true);
  return found!;
}

/** The first link in a letter to this site's path (e.g. '/mail-confirm'), as a path with its query. */
export function linkIn(letter: Letter, path: string): string {
  const escaped = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const found = new RegExp(`https?://[^/"'\\s<>]+(${escaped}\\?[^"'\\s<>]+)`).exec(
    letter.html || letter.text,
  );
  if (!found) throw new Error(`no ${path} link in the letter «${letter.subject}»`);
  return found[1]!.replace(/&amp;/g, '&');
}
