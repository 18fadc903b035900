import Page from '../features/content/promotions-page';
export { loader } from '../features/content/promotions-page.server';
export { meta, handle } from '../features/content/promotions-page';
export default Page;
