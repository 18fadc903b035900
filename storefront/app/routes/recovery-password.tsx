export { meta, default } from '../features/account/recovery-password-page';
