import Page from '../features/account/password-page';
export { loader } from '../features/account/password-page.server';
export { meta } from '../features/account/password-page';
export default Page;
