export { loader } from '../features/search/search-page.server';
export { meta, default, handle } from '../features/search/search-page';
