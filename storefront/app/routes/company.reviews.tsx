import { apiErrorMessage, apiFieldErrors } from '@shop/client';
import type { SiteReviewRequest } from '@shop/schemas';
import { data } from 'react-router';
import type { Route } from './+types/company.reviews';
import { PageFrame } from '../components/content/ContentPage';
import { Pagination } from '../components/content/Pagination';
import { ReviewForm, type ReviewFormResult } from '../components/content/ReviewForm';
import { RichText } from '../components/content/RichText';
import { COMPANY_LINKS } from '../components/content/SectionNav';
import { Stars } from '../components/content/Stars';
import '../components/content/reviews.css';
import { serverApi } from '../lib/api.server';
import { contentMeta } from '../lib/content-meta';
import { notFound, optionalPage, pageNumber } from '../lib/content.server';
import { formatDate, plural } from '../lib/format';
import { GUEST_PAGE } from '../lib/guest-page';

// Отзывы о магазине: the published reviews with their ratings, and a form whose reviews wait for an
// administrator's approval. Page "company/reviews" from the admin, when it exists, gives the title,
// introduction and SEO texts.
const PER_PAGE = 10;
const PATH = '/company/reviews';
const DEFAULT_TITLE = 'Отзывы о магазине';
const DEFAULT_DESCRIPTION = 'Отзывы мастеров и салонов о заказах, доставке и работе магазина.';

export async function loader({ context, request }: Route.LoaderArgs) {
  const page = pageNumber(request);
  const [intro, reviews] = await Promise.all([
    optionalPage(context, 'company/reviews'),
    serverApi(context).content.siteReviews({ page, perPage: PER_PAGE }),
  ]);
  if (page > 1 && reviews.data.length === 0) notFound();
  return { intro, reviews, page };
}

/** The form goes to the API as it is; the API checks it and answers in Russian, field by field. */
export async function action({ context, request }: Route.ActionArgs) {
  const form = await request.formData();
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === 'string' ? value : '';
  };
  const values = { name: text('name'), city: text('city'), rating: text('rating'), text: text('text') };
  const body: Partial<SiteReviewRequest> = { name: values.name, text: values.text };
  if (values.city.trim()) body.city = values.city;
  if (values.rating) body.rating = Number(values.rating);
  try {
    await serverApi(context).content.sendSiteReview(body as SiteReviewRequest);
    return { ok: true } satisfies ReviewFormResult;
  } catch (error) {
    const fields = apiFieldErrors(error);
    const result: ReviewFormResult = {
      ok: false,
      values,
      fields,
      message: Object.keys(fields).length ? 'Проверьте поля формы.' : apiErrorMessage(error),
    };
    // Refused fields are an answer, not a failure (200: the browser logs no error for it); an API that
    // did not answer at all is a failure of the page.
    return Object.keys(fields).length ? result : data(result, { status: 502 });
  }
}

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
