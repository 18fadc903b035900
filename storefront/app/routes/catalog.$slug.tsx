export { loader } from '../features/catalog/category-page.server';
export { meta, default, handle } from '../features/catalog/category-page';
