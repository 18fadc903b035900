import { formatBadgeCount } from '../../lib/format';

/** The small counter on the cart and favourites icons; nothing when the count is zero. */
export function CountBadge({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <span className="count-badge" aria-hidden="true">
      {formatBadgeCount(count)}
    </span>
  );
}
