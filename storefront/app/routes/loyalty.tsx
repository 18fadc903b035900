export { loader } from '../features/content/loyalty-page.server';
export { meta, default, handle } from '../features/content/loyalty-page';
