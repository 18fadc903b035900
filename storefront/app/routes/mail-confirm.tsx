import Page from '../features/account/mail-confirm-page';
export { loader } from '../features/account/mail-confirm-page.server';
export { meta } from '../features/account/mail-confirm-page';
export default Page;
