export { loader } from '../features/content/consent-page.server';
export { meta, default, handle } from '../features/content/consent-page';
