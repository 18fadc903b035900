import Page from '../features/content/company-page';
export { loader } from '../features/content/company-page.server';
export { meta, handle } from '../features/content/company-page';
export default Page;
