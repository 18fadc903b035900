export { loader, action } from '../features/account/guest-order-page.server';
export { meta, default } from '../features/account/guest-order-page';
