import Page from '../features/account/orders-page';
export { loader } from '../features/account/orders-page.server';
export { meta } from '../features/account/orders-page';
export default Page;
