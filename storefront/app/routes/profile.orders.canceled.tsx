export { loader } from '../features/account/canceled-orders-page.server';
export { meta, default } from '../features/account/canceled-orders-page';
