import Page from '../features/account/profile-summary-page';
export { loader } from '../features/account/profile-summary-page.server';
export { meta } from '../features/account/profile-summary-page';
export default Page;
