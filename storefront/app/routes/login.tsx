export { loader } from '../features/account/login-page.server';
export { meta, default } from '../features/account/login-page';
