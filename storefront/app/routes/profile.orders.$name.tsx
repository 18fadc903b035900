export { loader, action } from '../features/account/account-order-page.server';
export { meta, default } from '../features/account/account-order-page';
