import type { CategoryNode } from '@shop/schemas';
import { Link } from 'react-router';
import { Picture } from './Picture';
import './category-tiles.css';

const TILE_IMAGE_SIZE = 240;
// Two tiles a row on phones, three on tablets, six in the 1384 px column (216 px): the screen's gutters,
// the gaps and the tiles' padding taken off.
const TILE_IMAGE_SIZES = '(min-width: 1024px) 216px, (min-width: 768px) calc(33vw - 32px), calc(50vw - 32px)';
const FIRST_ROW_ON_PHONES = 2;

/**
 * Top-level categories as picture tiles; each opens its catalogue page. `priority`: the tiles open the page,
 * so the first row's pictures are its largest paint on a phone and load first.
 */
export function CategoryTiles({
  categories,
  priority = false,
}: {
  categories: CategoryNode[];
  priority?: boolean;
}) {
  return (
    <ul className="category-tiles">
      {categories.map((category, i) => (
        <li key={category.id}>
          <Link to={`/catalog/${category.slug}`} className="category-tile">
            <span className="category-tile__media">
              {category.image ? (
                // The title is right below: the picture adds nothing for a screen reader.
                <Picture
                  src={category.image.url}
                  alt=""
                  width={TILE_IMAGE_SIZE}
                  height={TILE_IMAGE_SIZE}
                  sizes={TILE_IMAGE_SIZES}
                  priority={priority && i < FIRST_ROW_ON_PHONES}
                />
              ) : (
                <span className="category-tile__initial" aria-hidden="true">
                  {category.title.slice(0, 1)}
                </span>
              )}
            </span>
            <span className="category-tile__title">{category.title}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
