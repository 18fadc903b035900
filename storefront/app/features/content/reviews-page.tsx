import type { Route } from '../../routes/+types/company.reviews';
import { PageFrame } from './ContentPage';
import { Pagination } from '../../ui/Pagination';
import { ReviewForm } from './ReviewForm';
import { RichText } from './RichText';
import { COMPANY_LINKS } from './SectionNav';
import { Stars } from '../../ui/Stars';
import './reviews.css';
import { contentMeta } from './content-meta';
import { formatDate, plural } from '../../lib/format';
import { GUEST_PAGE } from '../../lib/guest-page';
const PATH = '/company/reviews';
const DEFAULT_TITLE = 'Отзывы о магазине';
const DEFAULT_DESCRIPTION = 'Отзывы мастеров и салонов о заказах, доставке и работе магазина.';

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return [];
  const { intro, page } = loaderData;
  const title = intro?.title ?? DEFAULT_TITLE;
  return contentMeta(
    {
      title: page > 1 ? `${title}, страница ${page}` : title,
      seoTitle: intro?.seoTitle && page > 1 ? `${intro.seoTitle}, страница ${page}` : intro?.seoTitle,
      seoDescription: intro?.seoDescription ?? DEFAULT_DESCRIPTION,
    },
    page > 1 ? `${PATH}?page=${page}` : PATH,
    [
      { name: 'О компании', path: '/company' },
      { name: title, path: PATH },
    ],
    matches,
  );
};

export default function CompanyReviews({ loaderData, actionData }: Route.ComponentProps) {
  const { intro, reviews, page } = loaderData;
  const title = intro?.title ?? DEFAULT_TITLE;
  const { total, averageRating } = reviews.meta;
  return (
    <PageFrame
      title={title}
      crumbs={[{ label: 'О компании', to: '/company' }, { label: title }]}
      nav={{ label: 'О компании', links: COMPANY_LINKS }}
      wide
    >
      {intro?.content && page === 1 && <RichText html={intro.content} className="content-intro" />}
      <div className="reviews">
        <div className="reviews__main">
          {averageRating !== null && total > 0 && (
            <div className="reviews__summary">
              <p className="reviews__average" aria-hidden="true">
                {averageRating.toFixed(1).replace('.', ',')}
              </p>
              <div>
                <Stars value={averageRating} size={22} />
                <p className="reviews__count">
                  {total} {plural(total, ['отзыв', 'отзыва', 'отзывов'])}
                </p>
              </div>
              <a className="button button--quiet reviews__write" href="#review-form">
                Написать отзыв
              </a>
            </div>
          )}
          {reviews.data.length === 0 ? (
            <p className="content-empty">Отзывов пока нет. Расскажите о своём заказе первым!</p>
          ) : (
            <ul className="reviews__list">
              {reviews.data.map((review) => (
                <li key={review.id}>
                  <article className="review" aria-labelledby={`review-${review.id}`}>
                    <header className="review__head">
                      <h2 id={`review-${review.id}`} className="review__author">
                        {review.authorName}
                        {review.city && <span className="review__city">, {review.city}</span>}
                      </h2>
                      <time className="review__date" dateTime={review.createdAt}>
                        {formatDate(review.createdAt)}
                      </time>
                    </header>
                    <Stars value={review.rating} />
                    <p className="review__text">{review.text}</p>
                    {review.answer && (
                      <div className="review__answer">
                        <p className="review__answer-title">Ответ магазина</p>
                        <p>{review.answer}</p>
                      </div>
                    )}
                  </article>
                </li>
              ))}
            </ul>
          )}
          <Pagination
            page={page}
            total={total}
            perPage={reviews.meta.perPage}
            path={PATH}
            label="Страницы отзывов"
          />
        </div>
        <aside className="reviews__aside" aria-label="Ваш отзыв">
          <ReviewForm result={actionData} />
        </aside>
      </div>
    </PageFrame>
  );
}

/** The same for every guest: the server may answer it from its page cache. */
export const handle = GUEST_PAGE;
