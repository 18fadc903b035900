export { loader } from '../features/account/order-invoice.server';
