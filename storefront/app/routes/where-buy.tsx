import Page from '../features/content/where-buy-page';
export { loader } from '../features/content/where-buy-page.server';
export { meta, handle } from '../features/content/where-buy-page';
export default Page;
