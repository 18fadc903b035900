import Page from '../features/account/completed-orders-page';
export { loader } from '../features/account/completed-orders-page.server';
export { meta } from '../features/account/completed-orders-page';
export default Page;
