export { loader, action } from '../features/content/reviews-page.server';
export { meta, default, handle } from '../features/content/reviews-page';
