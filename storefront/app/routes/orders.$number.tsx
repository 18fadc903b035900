import Page from '../features/account/guest-order-page';
export { loader, action } from '../features/account/guest-order-page.server';
export { meta } from '../features/account/guest-order-page';
export default Page;
