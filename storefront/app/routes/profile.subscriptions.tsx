import Page from '../features/account/subscriptions-page';
export { loader } from '../features/account/subscriptions-page.server';
export { meta } from '../features/account/subscriptions-page';
export default Page;
