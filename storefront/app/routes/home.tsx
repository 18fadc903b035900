export { loader } from '../features/content/home-page.server';
export { meta, default, handle } from '../features/content/home-page';
