// Which provider takes an order's money: the payment service's `provider`, with its `credentials` (write-only
// in the admin). `manual` (payment on receipt, by invoice) has no provider: the staff mark the payment. An
// online service whose keys are not filled in is not offered at the checkout (cart-view.ts asks here).
import type { Config } from '../../platform/config';
import type { PaymentProvider } from './provider';
import { yookassaProvider } from './yookassa';

export interface PaymentServiceRow {
  kind: string;
  provider: string;
  /** A JSON column: an object of strings as the admin's form writes it. */
  credentials: unknown;
  testMode: boolean;
}

/** The providers the shop can talk to; the others of the enum are for the future. */
export const CONNECTED_PROVIDERS = ['yookassa'] as const;

/** The keys each provider needs, as the administrator types them in (docs/payments.md). */
const NEEDS: Record<string, readonly string[]> = { yookassa: ['shopId', 'secretKey'] };

/** An online service the checkout may offer: a provider the shop speaks, with its keys filled in. */
export function isConnected(service: PaymentServiceRow): boolean {
  const needs = NEEDS[service.provider];
  const keys = credentialsOf(service);
  return !!needs && needs.every((k) => !!keys[k]?.trim());
}

const credentialsOf = (service: PaymentServiceRow): Record<string, string | undefined> =>
  service.credentials && typeof service.credentials === 'object'
    ? (service.credentials as Record<string, string | undefined>)
    : {};

export type PaymentsConfig = Pick<Config, 'yookassaApiUrl'>;

/** The provider of an online service, or null when it has none or is not connected. */
export function providerOf(service: PaymentServiceRow, config: PaymentsConfig): PaymentProvider | null {
  if (service.kind !== 'online' || !isConnected(service)) return null;
  const c = credentialsOf(service);
  return yookassaProvider({
    apiUrl: config.yookassaApiUrl,
    shopId: c.shopId!.trim(),
    secretKey: c.secretKey!.trim(),
  });
}
