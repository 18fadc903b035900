import Page from '../features/content/consent-page';
export { loader } from '../features/content/consent-page.server';
export { meta, handle } from '../features/content/consent-page';
export default Page;
