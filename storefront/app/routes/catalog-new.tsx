export { loader } from '../features/catalog/new-products-page.server';
export { meta, default, handle } from '../features/catalog/new-products-page';
