import Page from '../features/content/contacts-page';
export { loader } from '../features/content/contacts-page.server';
export { meta, handle } from '../features/content/contacts-page';
export default Page;
