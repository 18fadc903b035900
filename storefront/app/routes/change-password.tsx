export { meta, default } from '../features/account/change-password-page';
