import Page from '../features/catalog/new-products-page';
export { loader } from '../features/catalog/new-products-page.server';
export { meta, handle } from '../features/catalog/new-products-page';
export default Page;
