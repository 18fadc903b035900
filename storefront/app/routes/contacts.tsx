export { loader } from '../features/content/contacts-page.server';
export { meta, default, handle } from '../features/content/contacts-page';
