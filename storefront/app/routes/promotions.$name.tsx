export { loader } from '../features/content/promotion-page.server';
export { meta, default, handle } from '../features/content/promotion-page';
