// What other features and the app shell may use of catalog; the rest of the folder is its own.
export { CatalogListing } from './CatalogListing';
export { CategoryTiles } from './CategoryTiles';
export { FavoriteButton } from './FavoriteButton';
export { ProductCard } from './ProductCard';
export { ProductSection } from './ProductSection';
export { useFavoritesCount } from './favorites';
