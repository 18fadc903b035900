import Page from '../features/checkout/order-success-page';
export { loader } from '../features/checkout/order-success-page.server';
export { meta } from '../features/checkout/order-success-page';
export default Page;
