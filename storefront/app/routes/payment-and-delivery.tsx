export { loader } from '../features/content/payment-and-delivery-page.server';
export { meta, default, handle } from '../features/content/payment-and-delivery-page';
