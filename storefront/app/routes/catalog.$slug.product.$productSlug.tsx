export { loader, action } from '../features/product/product-page.server';
export { meta, default, handle } from '../features/product/product-page';
