export { loader } from '../features/account/mail-confirm-page.server';
export { meta, default } from '../features/account/mail-confirm-page';
