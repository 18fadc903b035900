import Page from '../features/content/reviews-page';
export { loader, action } from '../features/content/reviews-page.server';
export { meta, handle } from '../features/content/reviews-page';
export default Page;
