import Page from '../features/content/payment-and-delivery-page';
export { loader } from '../features/content/payment-and-delivery-page.server';
export { meta, handle } from '../features/content/payment-and-delivery-page';
export default Page;
