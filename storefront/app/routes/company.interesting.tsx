export { loader } from '../features/content/articles-page.server';
export { meta, default, handle } from '../features/content/articles-page';
