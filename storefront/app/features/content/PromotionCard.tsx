import type { PromotionCard as Promotion } from '@shop/schemas';
import { Link } from 'react-router';
import { formatDate } from '../../lib/format';
import { Icon } from '../../ui/Icon';
import { Picture } from '../../ui/Picture';
import { CARD_IMAGE_MAX, CARD_IMAGE_SIZES } from './ArticleCard';
import './content.css';

export const PROMOTION_IMAGE_WIDTH = 1200;
export const PROMOTION_IMAGE_HEIGHT = 630;

/** "до 25 декабря 2026", "с 1 декабря 2026", "с 1 по 25 декабря 2026", or nothing for a promotion without dates. */
export function promotionDates(startsAt: string | null, endsAt: string | null): string | null {
  if (startsAt && endsAt) {
    const from = formatDate(startsAt).split(' ');
    const to = formatDate(endsAt);
    const [, toMonth, toYear] = to.split(' ');
    // The same month and year are written once: "с 1 по 25 декабря 2026".
    if (from[1] === toMonth && from[2] === toYear) return `с ${from[0]} по ${to}`;
    if (from[2] === toYear) return `с ${from[0]} ${from[1]} по ${to}`;
    return `с ${from.join(' ')} по ${to}`;
  }
  if (endsAt) return `до ${formatDate(endsAt)}`;
  if (startsAt) return `с ${formatDate(startsAt)}`;
  return null;
}

/** A promotion in the list: picture, dates, title (the card's link), announcement and «Подробнее» as text. */
export function PromotionCard({ promotion, eager = false }: { promotion: Promotion; eager?: boolean }) {
  const dates = promotionDates(promotion.startsAt, promotion.endsAt);
  return (
    <article className="content-card">
      <div className="content-card__media">
        {promotion.imageUrl && (
          <Picture
            src={promotion.imageUrl}
            alt=""
            width={PROMOTION_IMAGE_WIDTH}
            height={PROMOTION_IMAGE_HEIGHT}
            sizes={CARD_IMAGE_SIZES}
            maxDisplayWidth={CARD_IMAGE_MAX}
            priority={eager}
          />
        )}
      </div>
      <div className="content-card__body">
        {dates && <p className="content-card__meta">{dates}</p>}
        <h2 className="content-card__title">
          <Link to={`/promotions/${promotion.slug}`} prefetch="intent">
            {promotion.title}
          </Link>
        </h2>
        {promotion.announce && <p className="content-card__text">{promotion.announce}</p>}
        {/* What the whole card does, in words: the title is its one link, so this is not a second one. */}
        <span className="content-card__more" aria-hidden="true">
          Подробнее
          <Icon name="chevronRight" size={18} />
        </span>
      </div>
    </article>
  );
}
