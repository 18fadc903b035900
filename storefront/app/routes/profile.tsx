export { loader } from '../features/account/profile-layout.server';
export { default } from '../features/account/profile-layout';
