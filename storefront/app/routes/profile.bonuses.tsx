import Page from '../features/account/bonuses-page';
export { loader } from '../features/account/bonuses-page.server';
export { meta } from '../features/account/bonuses-page';
export default Page;
