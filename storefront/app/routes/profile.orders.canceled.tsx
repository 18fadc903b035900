import Page from '../features/account/canceled-orders-page';
export { loader } from '../features/account/canceled-orders-page.server';
export { meta } from '../features/account/canceled-orders-page';
export default Page;
