import Page from '../features/account/profile-user-page';
export { loader } from '../features/account/profile-user-page.server';
export { meta } from '../features/account/profile-user-page';
export default Page;
