// Settings: the one settings row, the values every letter and page shares, the settings screen's read.
import type { ServerPart } from '../../platform/server-part';
import { settingsRoutes } from './admin-routes';

export const server: ServerPart = {
  admin: (ctx) => settingsRoutes(ctx.database.db, ctx.registry),
};

// What other folders use of this domain.
export { keptSettings, settingsRow, type SettingsRow } from './settings';
export { commonValues, shopValues, siteOrigin } from './shop-values';
