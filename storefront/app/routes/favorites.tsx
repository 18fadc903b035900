import Page from '../features/catalog/favorites-page';
export { meta } from '../features/catalog/favorites-page';
export default Page;
