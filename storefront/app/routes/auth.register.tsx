export { loader } from '../features/account/register-page.server';
export { meta, default } from '../features/account/register-page';
