export { loader } from '../features/catalog/catalog-page.server';
export { meta, default, handle } from '../features/catalog/catalog-page';
