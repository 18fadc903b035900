import Page from '../features/catalog/catalog-page';
export { loader } from '../features/catalog/catalog-page.server';
export { meta, handle } from '../features/catalog/catalog-page';
export default Page;
