import Page from '../features/content/promotion-page';
export { loader } from '../features/content/promotion-page.server';
export { meta, handle } from '../features/content/promotion-page';
export default Page;
