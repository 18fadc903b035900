export { meta, default } from '../features/catalog/favorites-page';
