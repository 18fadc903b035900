import Page from '../features/content/loyalty-page';
export { loader } from '../features/content/loyalty-page.server';
export { meta, handle } from '../features/content/loyalty-page';
export default Page;
