// The local server that speaks YooKassa's protocol (server/test/fake-yookassa.ts), for the payment specs.
// The shop is started with YOOKASSA_API_URL pointing at its fixed port (playwright.config.ts); the spec that
// pays starts the server itself, so it can choose whether the notification or the customer comes back first.
import { startFakeYookassa, type FakeYookassaOptions } from '../server/test/fake-yookassa';

export const YOOKASSA_PORT = Number(process.env.E2E_YOOKASSA_PORT ?? 3196);
/** The test shop's keys, as an administrator types them into the payment service. */
export const YOOKASSA_SHOP = { shopId: '506751', secretKey: 'test_e2e-secret-key' };

export function startYookassa(shopPort: number, options: Partial<FakeYookassaOptions> = {}) {
  const settings: FakeYookassaOptions = {
    ...YOOKASSA_SHOP,
    port: YOOKASSA_PORT,
    notifyUrl: `http://127.0.0.1:${shopPort}/api/payments/yookassa/notifications`,
    ...options,
  };
  // The options object stays the spec's: `returnFirst` and `notifyDelayMs` may be changed between payments.
  return { settings, server: startFakeYookassa(settings) };
}
