export { loader } from '../features/account/company-page.server';
export { meta, default } from '../features/account/company-page';
