// Browser tests of the whole product in real Chromium against the production build, one server
// process on the embedded database with demo data (the same thing `npm start` runs).
import { defineConfig } from '@playwright/test';
import { SMTP_PORT } from './mailbox';
import { YOOKASSA_PORT } from './yookassa';
import { CDEK_PORT, POST_PORT } from './carriers';

export const PORT = Number(process.env.E2E_PORT ?? 3199);
export const ADMIN = { email: 'admin@e2e.local', password: 'e2e-admin-password' };
/** The answer of every captcha of the e2e server (CAPTCHA_TEST_ANSWER below). */
export const CAPTCHA_ANSWER = 'E2E77';

export default defineConfig({
  testDir: './tests',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  // A test.only left in a commit would silently skip the rest of the suite on CI.
  forbidOnly: !!process.env.CI,
  // A flaky test is a bug to fix, not to hide behind a second attempt.
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  globalSetup: './browser.ts',
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    locale: 'ru-RU',
    timezoneId: 'Europe/Moscow',
    launchOptions: {
      // Set by globalSetup: CHROME_PATH, or the Chromium that @sparticuz/chromium ships.
      executablePath: process.env.E2E_CHROME_PATH,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  webServer: {
    // The production server as `npm run serve` runs it: the compiled bundle (`npm run test:e2e` builds first).
    command: 'node --liftoff-only --max-semi-space-size=8 server/dist/main.js',
    cwd: '..',
    url: `http://127.0.0.1:${PORT}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      NODE_ENV: 'production',
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: 'memory',
      UPLOADS_DIR: 'e2e/.uploads',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'warn',
      // Every spec runs from 127.0.0.1: the abuse limits (tested on the server) would stop the suite.
      RATE_LIMIT_SCALE: '50',
      // Every captcha gets this answer (the browser cannot read the picture); honoured only with
      // E2E_TEST_MODE=1, and the server warns about it at start. Never set outside this file.
      E2E_TEST_MODE: '1',
      CAPTCHA_TEST_ANSWER: CAPTCHA_ANSWER,
      // Letters go to the mailbox that globalSetup starts (mailbox.ts); the specs read them from it.
      SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
      MAIL_FROM: 'LashLine <shop@e2e.local>',
      // Online payment goes to the local server that speaks YooKassa's protocol (e2e/yookassa.ts), which
      // the payment spec starts; its notifications come from this machine.
      YOOKASSA_API_URL: `http://127.0.0.1:${YOOKASSA_PORT}/v3`,
      YOOKASSA_NOTIFY_IPS: '127.0.0.1',
      // Carriers are the local servers that speak their protocols (e2e/carriers.ts): no test reaches out.
      CDEK_API_URL: `http://127.0.0.1:${CDEK_PORT}/v2`,
      RUSSIAN_POST_API_URL: `http://127.0.0.1:${POST_PORT}/v2`,
    },
  },
});
