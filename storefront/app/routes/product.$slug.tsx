import Page from '../features/product/product-by-slug-page';
export { loader } from '../features/product/product-by-slug-page.server';
export { handle } from '../features/product/product-by-slug-page';
export default Page;
