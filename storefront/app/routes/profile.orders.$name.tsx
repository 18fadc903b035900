import Page from '../features/account/account-order-page';
export { loader, action } from '../features/account/account-order-page.server';
export { meta } from '../features/account/account-order-page';
export default Page;
