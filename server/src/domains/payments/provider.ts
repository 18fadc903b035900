// What the shop needs of an online payment provider: create a payment, read its state, refund it. Each
// provider (yookassa.ts) speaks its own protocol behind this interface; the payment service (attempts.ts)
// and the order service never see a provider's wire format. Money is integer kopecks here, always.

/** A provider's payment states, as YooKassa names them (the others map onto these). */
export type ProviderPaymentStatus = 'pending' | 'waiting_for_capture' | 'succeeded' | 'canceled';

export interface ProviderPayment {
  /** The provider's id of the payment. */
  id: string;
  status: ProviderPaymentStatus;
  /** true once the customer's money is held or taken. */
  paid: boolean;
  /** The payment's amount in kopecks. */
  amount: number;
  currency: string;
  /** Where the customer pays (redirect confirmation); null once it is no longer needed. */
  confirmationUrl: string | null;
  /** The provider's reason for a canceled payment, e.g. `insufficient_funds`, `expired_on_confirmation`. */
  cancellationReason: string | null;
  /** How much of it has been refunded, in kopecks. */
  refundedAmount: number;
  /** A payment of the provider's test mode. */
  test: boolean;
  /** What the shop sent with it (our order's id and number), echoed by the provider. */
  metadata: Record<string, string>;
}

/** One line of a 54-FZ receipt; `amount` is one unit's price in kopecks, VAT included, after discounts. */
export interface ReceiptItem {
  description: string;
  quantity: number;
  amount: number;
  vatCode: number;
  paymentSubject: string;
  paymentMode: 'full_prepayment' | 'full_payment';
  measure: 'piece';
}

export interface Receipt {
  customer: { email?: string; phone?: string; fullName?: string; inn?: string };
  items: ReceiptItem[];
  taxSystemCode?: number;
}

export interface CreatePaymentRequest {
  /** Sent as Idempotence-Key: a retry with the same key never makes a second payment. ≤ 64 characters. */
  idempotenceKey: string;
  /** Kopecks. */
  amount: number;
  /** ≤ 128 characters, shown to the customer by the provider. */
  description: string;
  /** Where the provider sends the customer back, unchanged. */
  returnUrl: string;
  metadata: Record<string, string>;
  receipt: Receipt;
}

export interface RefundRequest {
  idempotenceKey: string;
  paymentId: string;
  /** Kopecks. */
  amount: number;
  description: string;
  /** The returned items' receipt: Чеки от ЮKassa need one for a partial refund (a full one needs none). */
  receipt?: Receipt;
}

export interface ProviderRefund {
  id: string;
  paymentId: string;
  status: 'pending' | 'succeeded' | 'canceled';
  amount: number;
}

export interface PaymentProvider {
  readonly name: 'yookassa';
  createPayment(request: CreatePaymentRequest): Promise<ProviderPayment>;
  getPayment(id: string): Promise<ProviderPayment>;
  refund(request: RefundRequest): Promise<ProviderRefund>;
  /** A harmless authenticated call (YooKassa: GET /me): whether the keys are accepted, and by which shop. */
  account(): Promise<ProviderAccount>;
}

export interface ProviderAccount {
  accountId: string;
  /** A test shop: no money moves. */
  test: boolean;
}

/**
 * A provider's call that failed. `outcome` tells the caller what it may assume:
 * - `refused`: the provider answered and said no (bad request, bad credentials, not found); nothing happened;
 * - `unknown`: no answer, a time-out or the provider's 5xx: the operation may or may not have happened, and
 *   repeating it with the same idempotence key is the safe way to find out.
 * `message` is Russian, for the administrator; `detail` is the provider's own wording, for the log.
 */
export class PaymentProviderError extends Error {
  constructor(
    public readonly outcome: 'refused' | 'unknown',
    message: string,
    public readonly detail: { status?: number; code?: string; description?: string; parameter?: string } = {},
  ) {
    super(message);
    this.name = 'PaymentProviderError';
  }
}
