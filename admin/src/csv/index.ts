// CSV in the admin lists: export of the filtered list, and the import where the server has one.
import type { ComponentType } from 'react';
import { ImportProductsButton } from './ImportProductsButton';

export { ExportCsvButton } from './ExportCsvButton';

/** The import button of each resource the server imports (server/src/domains/catalog/product-import-routes.ts). */
export const CSV_IMPORT_BUTTONS: Record<string, ComponentType> = {
  products: ImportProductsButton,
};
