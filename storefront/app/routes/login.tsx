import Page from '../features/account/login-page';
export { loader } from '../features/account/login-page.server';
export { meta } from '../features/account/login-page';
export default Page;
