import Page from '../features/catalog/category-page';
export { loader } from '../features/catalog/category-page.server';
export { meta, handle } from '../features/catalog/category-page';
export default Page;
