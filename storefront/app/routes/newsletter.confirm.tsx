export { loader } from '../features/newsletter/confirm-page.server';
export { meta, default } from '../features/newsletter/confirm-page';
