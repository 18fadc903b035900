// Sales: the cart, the customer's orders and invoices, repeating an order, the bonus ledger, coupons and
// the desktop's figures. Placing an order and moving its status are flows (flows/checkout, order-status).
import type { ServerPart } from '../../platform/server-part';
import { salesRoutes } from './admin-routes';
import { cartRoutes } from './cart-routes';
import { exportOrdersCsv } from './csv-orders';
import { invoiceRoutes } from './invoice-routes';
import { profileOrderRoutes } from './profile-orders';
import { repeatOrderRoutes } from './repeat-order';
import { profileProductRoutes } from './profile-products';
import { keptShopTerms } from './shop-terms';

export const server: ServerPart = {
  api: (ctx) => async (api) => {
    const { db } = ctx.database;
    await api.register(cartRoutes(db, ctx.config, keptShopTerms(ctx.publicData, db)));
    await api.register(profileOrderRoutes(db));
    await api.register(repeatOrderRoutes(db));
    await api.register(profileProductRoutes(db));
    // The invoice PDF of an order paid by invoice: by the guest's link, in the cabinet and in the admin.
    await api.register(invoiceRoutes(db, ctx.registry));
  },
  admin: (ctx) => salesRoutes(ctx),
  csvFormats: { orders: exportOrdersCsv },
};

// What other folders use of this domain.
export { balanceOf, expireBonuses, lockCustomer } from './bonus-ledger';
export {
  countOf,
  emptyCartWrites,
  ownerOf,
  pruneGuestCarts,
  type CartOwner,
  type StoredCart,
  type StoredLine,
} from './cart-store';
export { priceContents, type CartContents, type CartQuote, type PricedCart } from './cart-view';
export { readCart, type ReadCart } from './cart-lines';
export { keptShopTerms, termsNow, type ShopTerms } from './shop-terms';
export { findCustomerOrder } from './order-access';
export { setManagerComment } from './order-comment';
export {
  lockOrder,
  orderUrlOf,
  recordOrderEvent,
  orderEventWrite,
  tellCustomer,
  type LockedOrder,
  type OrderActor,
} from './order-events';
export { orderLetterTemplates, orderLettersWrite } from './order-letters';
export { LINE_PAYABLE, orderMoney, receiptFrame, refundableLines, type OrderMoney } from './order-money';
export { newOrderKeys } from './order-number';
export {
  PAYMENT_STATUS_LABELS,
  STATUS_LABELS,
  canPayOnline,
  needsTrackNumber,
  paymentStatusFits,
  verdictOf,
  type ActorRole,
  type DeliveryKind,
  type OrderAction,
  type OrderStatus,
  type PaymentKind,
  type PaymentStatus,
} from './order-rules';
export { orderDetail } from './profile-orders';
export { returnOrderStock, returnStock, stockTake, takeStock } from './stock';
export { cartTokenOf, mergeGuestCart } from './cart-store';
