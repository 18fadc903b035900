import Page from '../features/account/company-page';
export { loader } from '../features/account/company-page.server';
export { meta } from '../features/account/company-page';
export default Page;
