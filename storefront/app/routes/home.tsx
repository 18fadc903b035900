import Page from '../features/content/home-page';
export { loader } from '../features/content/home-page.server';
export { meta, handle } from '../features/content/home-page';
export default Page;
