export { loader } from '../features/account/profile-summary-page.server';
export { meta, default } from '../features/account/profile-summary-page';
