export { loader } from '../features/checkout/order-success-page.server';
export { meta, default } from '../features/checkout/order-success-page';
