export { loader } from '../features/account/bonuses-page.server';
export { meta, default } from '../features/account/bonuses-page';
