// The catalogue: categories, products and offers, their pages and filters, search, stock notices, the
// admin's bulk offers, category moves and the products' CSV (export format, import as a background job).
import type { ServerPart } from '../../platform/server-part';
import { catalogRoutes as catalogAdminRoutes } from './admin-routes';
import { catalogPageRoutes } from './catalog-pages';
import { catalogRoutes } from './catalog-routes';
import { CatalogReadModel } from './read-model/live';
import { exportProductsCsv } from './csv-products';
import { productImportJobs } from './product-import-jobs';
import { productPageRoutes } from './product-page';
import { stockNoticeRoutes } from './stock-notices';

export const server: ServerPart = {
  api: (ctx) => async (api) => {
    const { db } = ctx.database;
    // The catalogue's read model (read-model/): filters, counts and listings from memory, kept in step.
    const model = new CatalogReadModel(ctx.database);
    await model.start(ctx.publicData);
    api.addHook('onClose', () => model.stop());
    // Built once the server listens rather than by the first customer: not before, as its reads would queue
    // ahead of the start's own on the embedded database's one thread. A failure is retried by the first
    // request (an app that never listens, a test's, builds it on its first request).
    api.addHook('onListen', async () => {
      model.ready().catch(() => undefined);
    });
    await api.register(catalogRoutes(db, ctx.publicData, model));
    await api.register(catalogPageRoutes(db, ctx.publicData, model));
    await api.register(productPageRoutes(db, ctx.publicData));
    await api.register(stockNoticeRoutes(db));
  },
  admin: (ctx) => catalogAdminRoutes(ctx),
  csvFormats: { products: exportProductsCsv },
  jobs: productImportJobs,
};

// What other folders use of this domain.
export { loadCatalogPricing, markPersonalPrices, shownPrice, type CatalogPricing } from './catalog-pricing';
export { productCards } from './catalog-routes';
export { directoryEntriesOf, offerDirectories } from './csv-products';
export { writeImport, type PlannedProduct } from './product-import';
export { pricingCategoryIds } from './pricing-categories';
export { indexProducts, rememberWords, searchDocuments, vacuumSearchTables } from './search/document';
export { sendDueStockNotices } from './stock-notices';
