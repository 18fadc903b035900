// Feeds: the catalogue as marketplaces and ad systems read it. Today the YML feed for Yandex Market and
// Yandex Direct (yml-*.ts), at the address the settings give, and its state for the admin.
import type { ServerPart } from '../../platform/server-part';
import { ymlAdminRoutes, ymlSiteRoutes } from './yml-routes';

export const server: ServerPart = {
  admin: (ctx) => ymlAdminRoutes(ctx),
  site: (ctx) => ymlSiteRoutes(ctx),
};
