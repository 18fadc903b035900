import Page from '../features/newsletter/unsubscribe-page';
export { loader, action } from '../features/newsletter/unsubscribe-page.server';
export { meta } from '../features/newsletter/unsubscribe-page';
export default Page;
