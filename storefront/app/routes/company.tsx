export { loader } from '../features/content/company-page.server';
export { meta, default, handle } from '../features/content/company-page';
