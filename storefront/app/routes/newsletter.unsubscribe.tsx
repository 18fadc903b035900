export { loader, action } from '../features/newsletter/unsubscribe-page.server';
export { meta, default } from '../features/newsletter/unsubscribe-page';
