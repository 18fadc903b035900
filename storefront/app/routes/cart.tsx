export { loader, action } from '../features/cart/cart-page.server';
export { meta, default } from '../features/cart/cart-page';
