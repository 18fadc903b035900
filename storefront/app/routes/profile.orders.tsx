export { loader } from '../features/account/orders-page.server';
export { meta, default } from '../features/account/orders-page';
