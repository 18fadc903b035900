import Page from '../features/account/profile-layout';
export { loader } from '../features/account/profile-layout.server';
export default Page;
