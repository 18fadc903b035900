import Page from '../features/account/recovery-password-page';
export { meta } from '../features/account/recovery-password-page';
export default Page;
