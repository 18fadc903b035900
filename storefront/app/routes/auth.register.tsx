import Page from '../features/account/register-page';
export { loader } from '../features/account/register-page.server';
export { meta } from '../features/account/register-page';
export default Page;
