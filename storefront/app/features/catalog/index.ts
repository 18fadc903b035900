// What other features and the app shell may use of catalog; the rest of the folder is its own.
export { CatalogListing } from './CatalogListing';
export { CategoryTiles } from './CategoryTiles';
export { FavoriteButton } from './FavoriteButton';
export { ProductCard } from './ProductCard';
export { ProductSection } from './ProductSection';
export { useFavoritesCount } from './favorites';

/** For a page where the section is not the first thing to work (the product page's similar products). */
export const loadProductSection = () => import('./ProductSection').then((m) => m.ProductSection);
