import Page from '../features/newsletter/confirm-page';
export { loader } from '../features/newsletter/confirm-page.server';
export { meta } from '../features/newsletter/confirm-page';
export default Page;
