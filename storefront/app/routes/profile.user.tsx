export { loader } from '../features/account/profile-user-page.server';
export { meta, default } from '../features/account/profile-user-page';
