import Page from '../features/content/articles-page';
export { loader } from '../features/content/articles-page.server';
export { meta, handle } from '../features/content/articles-page';
export default Page;
