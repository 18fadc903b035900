import Page from '../features/account/change-password-page';
export { meta } from '../features/account/change-password-page';
export default Page;
