import type { ArticleCard as Article } from '@shop/schemas';
import { Link } from 'react-router';
import { formatDate } from '../../lib/format';
import { Picture } from '../../ui/Picture';
import './content.css';

// Covers are 1200 × 630 (the link-preview size); the box keeps that shape before the picture arrives.
export const COVER_WIDTH = 1200;
export const COVER_HEIGHT = 630;

/** How wide a card's picture is shown: three columns on desktop, two on tablets, one on phones. */
export const CARD_IMAGE_SIZES =
  '(min-width: 1432px) 445px, (min-width: 1024px) 31vw, (min-width: 640px) calc(50vw - 36px), calc(100vw - 32px)';
/** The widest a card's picture gets (one column just under the 640 px breakpoint). */
export const CARD_IMAGE_MAX = 608;

/** An article in the list of «Интересное»: cover, date, title (the card's link) and announcement. */
export function ArticleCard({ article, eager = false }: { article: Article; eager?: boolean }) {
  const href = `/company/interesting/${article.slug}`;
  return (
    <article className="content-card">
      <div className="content-card__media">
        {article.coverUrl && (
          <Picture
            src={article.coverUrl}
            alt=""
            width={COVER_WIDTH}
            height={COVER_HEIGHT}
            sizes={CARD_IMAGE_SIZES}
            maxDisplayWidth={CARD_IMAGE_MAX}
            priority={eager}
          />
        )}
      </div>
      <div className="content-card__body">
        <p className="content-card__meta">
          <time dateTime={article.publishedAt}>{formatDate(article.publishedAt)}</time>
        </p>
        <h2 className="content-card__title">
          <Link to={href} prefetch="intent">
            {article.title}
          </Link>
        </h2>
        {article.announce && <p className="content-card__text">{article.announce}</p>}
      </div>
    </article>
  );
}
