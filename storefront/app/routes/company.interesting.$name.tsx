import Page from '../features/content/article-page';
export { loader } from '../features/content/article-page.server';
export { meta, handle } from '../features/content/article-page';
export default Page;
