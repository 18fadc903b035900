// Payments: the providers behind one interface (YooKassa), 54-FZ receipts, the providers' settings and
// the connection check. What happens to an order when money moves is a flow (flows/payment).
import type { ServerPart } from '../../platform/server-part';
import { paymentAdminRoutes } from './admin-routes';

export const server: ServerPart = {
  admin: (ctx) => paymentAdminRoutes(ctx),
};

// What other folders use of this domain.
export { PaymentProviderError, type ProviderPayment, type ProviderRefund, type Receipt } from './provider';
export { isConnected, providerOf, type PaymentServiceRow, type PaymentsConfig } from './providers';
export {
  ReceiptError,
  buildReceipt,
  type PaymentSubject,
  type ReceiptInput,
  type ReceiptLineInput,
  type VatCode,
} from './receipt';
export { isYookassaAddress } from './yookassa';
