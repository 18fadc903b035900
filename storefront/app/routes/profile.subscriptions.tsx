export { loader } from '../features/account/subscriptions-page.server';
export { meta, default } from '../features/account/subscriptions-page';
