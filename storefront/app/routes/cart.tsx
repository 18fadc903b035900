import Page from '../features/cart/cart-page';
export { loader, action } from '../features/cart/cart-page.server';
export { meta } from '../features/cart/cart-page';
export default Page;
