export { loader } from '../features/product/product-by-slug-page.server';
export { default, handle } from '../features/product/product-by-slug-page';
