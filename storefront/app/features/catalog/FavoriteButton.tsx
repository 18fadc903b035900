import { useFavorites } from './favorites';
import { Icon } from '../../ui/Icon';
import './favorite-button.css';

interface FavoriteButtonProps {
  productId: number;
  /** The variant chosen on the page: the favourite remembers it. */
  offerId?: number;
  /** The product's title: the button reads "В избранное: <title>" to a screen reader. */
  title: string;
  className?: string;
  /** Show the words next to the heart (the product page); the cards show the heart alone. */
  withLabel?: boolean;
}

/** The heart: adds the product (and the variant chosen) to the guest's favourites (features/catalog/favorites) or removes it. */
export function FavoriteButton({
  productId,
  offerId,
  title,
  className,
  withLabel = false,
}: FavoriteButtonProps) {
  const { has, toggle } = useFavorites();
  const active = has(productId);
  const label = active ? 'В избранном' : 'В избранное';
  return (
    <button
      type="button"
      className={`favorite-button${active ? ' favorite-button--active' : ''}${className ? ` ${className}` : ''}`}
      aria-pressed={active}
      aria-label={withLabel ? undefined : `${label}: ${title}`}
      title={active ? 'Убрать из избранного' : 'Добавить в избранное'}
      onClick={() => toggle(productId, offerId)}
    >
      <Icon name="heart" size={22} />
      {withLabel && <span>{label}</span>}
    </button>
  );
}
