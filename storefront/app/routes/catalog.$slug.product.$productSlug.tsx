import Page from '../features/product/product-page';
export { loader, action } from '../features/product/product-page.server';
export { meta, handle } from '../features/product/product-page';
export default Page;
