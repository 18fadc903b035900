// Content: pages, articles, promotions, banners, reviews of the shop and representatives as guests see
// them, the gallery's uploads, sitemap.xml and robots.txt.
import type { ServerPart } from '../../platform/server-part';
import { contentRoutes } from './content-routes';
import { seoRoutes } from './seo';
import { mediaRoutes } from './uploads';

export const server: ServerPart = {
  api: (ctx) => contentRoutes(ctx.database.db),
  admin: (ctx) => mediaRoutes(ctx),
  // sitemap.xml and robots.txt from the database, ahead of the storefront's catch-all.
  site: (ctx) => seoRoutes({ db: ctx.database.db, siteUrl: ctx.config.siteUrl }),
};
