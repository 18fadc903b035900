import Page from '../features/checkout/checkout-page';
export { loader, action } from '../features/checkout/checkout-page.server';
export { meta } from '../features/checkout/checkout-page';
export default Page;
