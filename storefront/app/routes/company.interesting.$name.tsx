export { loader } from '../features/content/article-page.server';
export { meta, default, handle } from '../features/content/article-page';
