import type { CategoryNode } from '@shop/schemas';
import type { CSSProperties } from 'react';
import { Link } from 'react-router';
import { Picture } from '../../ui/Picture';
import './category-tiles.css';

const TILE_IMAGE_SIZE = 240;
// Two tiles a row on phones, up to four on tablets, up to eight in the 1384 px column (at six, 216 px, the
// widest a desktop tile gets): the screen's gutters, the gaps and the tiles' padding taken off.
const TILE_IMAGE_SIZES = '(min-width: 1024px) 216px, (min-width: 768px) calc(33vw - 32px), calc(50vw - 32px)';
const FIRST_ROW_ON_PHONES = 2;

/**
 * Columns for `count` tiles, at most `max` a row, so that no row is left with one lonely tile where some number
 * of columns avoids it: seven tiles on a desktop are one row of seven, not six and an orphan; on a tablet four
 * and three. Among the choices the widest rows win (fewest rows, evenly filled).
 */
export function tileColumns(count: number, max: number): number {
  if (count <= max) return Math.max(count, 1);
  const even = Math.ceil(count / Math.ceil(count / max));
  for (let columns = even; columns >= 2; columns--) if (count % columns !== 1) return columns;
  return even;
}

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
  // Read by category-tiles.css per screen width (phones keep two a row).
  const columns = {
    '--tiles-tablet': tileColumns(categories.length, 4),
    '--tiles-desktop': tileColumns(categories.length, 8),
  } as CSSProperties;
  return (
    <ul className="category-tiles" style={columns}>
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
