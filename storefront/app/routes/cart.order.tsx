export { loader, action } from '../features/checkout/checkout-page.server';
export { meta, default } from '../features/checkout/checkout-page';
