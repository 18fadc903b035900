import Page from '../features/account/products-page';
export { loader, action } from '../features/account/products-page.server';
export { meta } from '../features/account/products-page';
export default Page;
