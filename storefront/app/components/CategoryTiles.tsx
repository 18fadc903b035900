import type { CategoryNode } from '@shop/schemas';
import { Link } from 'react-router';
import './category-tiles.css';

const TILE_IMAGE_SIZE = 240;

/** Top-level categories as picture tiles; each opens its catalogue page. */
export function CategoryTiles({ categories }: { categories: CategoryNode[] }) {
  return (
    <ul className="category-tiles">
      {categories.map((category) => (
        <li key={category.id}>
          <Link to={`/catalog/${category.slug}`} className="category-tile">
            <span className="category-tile__media">
              {category.image ? (
                // The title is right below: the picture adds nothing for a screen reader.
                <img
                  src={category.image.url}
                  alt=""
                  width={TILE_IMAGE_SIZE}
                  height={TILE_IMAGE_SIZE}
                  loading="lazy"
                  decoding="async"
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
