export { loader } from '../features/content/promotions-page.server';
export { meta, default, handle } from '../features/content/promotions-page';
