// Processes across domains: placing an order (checkout), paying for it (payment), moving its status with
// its stock, money and points (order-status), handing it to a carrier and following the parcel (shipping),
// signing in with a guest's cart (sign-in), the state the storefront's header shows (site-state), and the
// exchange with 1C (exchange1c: the catalogue in, the orders out and their statuses back). Flows use the domains through their index.ts; no domain uses a flow.
import type { ServerPart } from '../platform/server-part';
import { adminOrderRoutes } from './checkout/admin-orders';
import { orderRoutes } from './checkout/order-routes';
import { orderStatusRoutes } from './order-status/order-status-routes';
import { customerOrderRoutes } from './payment/customer-order-routes';
import { shipmentRoutes } from './shipping';
import { paymentNotificationRoutes } from './payment/notification-routes';
import { siteRoutes } from './site-state';
import { exchangeApiRoutes, exchangeSiteRoutes } from './exchange1c';

export { joinGuestCart } from './sign-in';

export const server: ServerPart = {
  api: (ctx) => async (api) => {
    const { db } = ctx.database;
    await api.register(siteRoutes(ctx.database, ctx.publicData, ctx.readiness));
    await api.register(orderRoutes(db, ctx.config, ctx.publicData));
    await api.register(customerOrderRoutes(db, ctx.config));
    await api.register(paymentNotificationRoutes(db, ctx.config));
    await api.register(exchangeApiRoutes(ctx));
  },
  // The 1C exchange also at the addresses 1C users type out of habit (/1c_exchange.php).
  site: (ctx) => exchangeSiteRoutes(ctx),
  admin: (ctx) => async (admin) => {
    await admin.register(adminOrderRoutes(ctx.database.db, ctx.registry, ctx.config));
    await admin.register(orderStatusRoutes(ctx.database.db, ctx.registry, ctx.config));
    await admin.register(shipmentRoutes(ctx.database.db, ctx.registry, ctx.config));
  },
};
