import Page from '../features/search/search-page';
export { loader } from '../features/search/search-page.server';
export { meta, handle } from '../features/search/search-page';
export default Page;
