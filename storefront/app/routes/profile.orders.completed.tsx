export { loader } from '../features/account/completed-orders-page.server';
export { meta, default } from '../features/account/completed-orders-page';
