// Finds the browser once, before the workers start: CHROME_PATH when set (e.g. Debian's
// /usr/bin/chromium), otherwise the Chromium build inside the @sparticuz/chromium package, so a fresh
// machine needs no system install. Its own launch args are not used: they include --single-process,
// which ends the whole browser when one page closes.
//
// It also starts the mailbox (mailbox.ts) that the shop's SMTP_URL points at. Playwright starts the
// webServer before globalSetup, but the shop sends nothing on its own at start: the first letters come
// from the specs, which run after this. The returned function (Playwright's teardown) stops the mailbox.
import { existsSync } from 'node:fs';
import { startMailbox } from './mailbox';

export default async function globalSetup() {
  let path = process.env.CHROME_PATH;
  if (!path) {
    const { default: chromium } = await import('@sparticuz/chromium');
    path = await chromium.executablePath();
  }
  if (!path || !existsSync(path)) {
    throw new Error(
      `No browser for the end-to-end tests: ${path ?? 'nothing found'}. Set CHROME_PATH to a Chromium binary ` +
        '(apt-get install chromium → /usr/bin/chromium) or run `npm ci` so that @sparticuz/chromium is installed.',
    );
  }
  process.env.E2E_CHROME_PATH = path;
  return startMailbox();
}
