export { loader } from '../features/account/password-page.server';
export { meta, default } from '../features/account/password-page';
