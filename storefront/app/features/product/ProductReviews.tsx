import type { ProductPage } from '@shop/schemas';
import { type ActionFormResult, useActionForm } from '../../ui/use-action-form';
import { Form, Link, useLocation } from 'react-router';
import { formatDate, plural } from '../../lib/format';
import { RatingInput } from '../../ui/RatingInput';
import { Stars } from '../../ui/Stars';
import '../content/reviews.css';

import { REVIEWS } from './reviews-words';

export { REVIEWS };
export const PRODUCT_REVIEW_SENT = 'Спасибо! Отзыв появится на странице после проверки модератором.';
const FIELDS = ['rating', 'text', 'advantages', 'disadvantages'] as const;
type Field = (typeof FIELDS)[number];

/** What the product page's action answers to the review form. */
export type ProductReviewResult = ActionFormResult<Partial<Record<Field, string>>>;

const ratingText = (value: number) => value.toFixed(1).replace('.', ',');

/** Published reviews with the rating summary, and the form (signed in) or an invitation to sign in. */
export function ProductReviews({
  product,
  signedIn,
  result,
}: {
  product: ProductPage;
  signedIn: boolean;
  result?: ProductReviewResult;
}) {
  const { rating, reviews } = product;
  const location = useLocation();
  const back = encodeURIComponent(`${location.pathname}#reviews`);
  return (
    <section id="reviews" className="product-section product-reviews" aria-labelledby="reviews-title">
      <h2 id="reviews-title" className="product-section__title">
        Отзывы {rating.count > 0 && <span className="product-section__count">{rating.count}</span>}
      </h2>
      <div className="product-reviews__layout">
        <div className="product-reviews__aside">
          {rating.average !== null ? (
            <div className="rating-summary">
              <p className="rating-summary__average">
                <span className="rating-summary__value">{ratingText(rating.average)}</span>
                <Stars value={rating.average} size={22} />
              </p>
              <p className="rating-summary__count">
                {rating.count} {plural(rating.count, REVIEWS)}
              </p>
              <ul className="rating-summary__bars" aria-label="Оценки покупателей">
                {[5, 4, 3, 2, 1].map((stars) => {
                  const n = rating.distribution[stars - 1] ?? 0;
                  return (
                    <li key={stars} className="rating-summary__bar">
                      <span aria-hidden="true">{stars} ★</span>
                      <span className="rating-summary__track" aria-hidden="true">
                        <span style={{ width: `${rating.count ? (n / rating.count) * 100 : 0}%` }} />
                      </span>
                      <span className="visually-hidden">
                        {stars} из 5: {n} {plural(n, REVIEWS)}
                      </span>
                      <span aria-hidden="true">{n}</span>
                    </li>
                  );
                })}
              </ul>
            </div>
          ) : (
            <p className="product-reviews__none">
              Отзывов пока нет. Будьте первым, кто расскажет об этом товаре.
            </p>
          )}
          {signedIn ? (
            <ProductReviewForm result={result} />
          ) : (
            <div className="product-reviews__login">
              <p>Оставлять отзывы могут покупатели, которые вошли на сайт.</p>
              <Link to={`/login?redirect=${back}`} className="button button--quiet">
                Войти, чтобы оставить отзыв
              </Link>
            </div>
          )}
        </div>
        {reviews.length > 0 && (
          <ul className="reviews__list product-reviews__list">
            {reviews.map((review) => (
              <li key={review.id} className="review">
                <div className="review__head">
                  <span className="review__author">{review.authorName}</span>
                  <Stars value={review.rating} size={16} />
                  <time className="review__date" dateTime={review.createdAt}>
                    {formatDate(review.createdAt)}
                  </time>
                  {review.verifiedPurchase && <span className="review__verified">Покупка подтверждена</span>}
                </div>
                <p className="review__text">{review.text}</p>
                {review.advantages && (
                  <p className="review__pros">
                    <strong>Достоинства:</strong> {review.advantages}
                  </p>
                )}
                {review.disadvantages && (
                  <p className="review__pros">
                    <strong>Недостатки:</strong> {review.disadvantages}
                  </p>
                )}
                {review.answer && (
                  <div className="review__answer">
                    <p className="review__answer-title">Ответ магазина</p>
                    <p>{review.answer}</p>
                  </div>
                )}
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

/** The review form: posts to the product page's action, so it works without JavaScript too. */
function ProductReviewForm({ result }: { result?: ProductReviewResult }) {
  const { id, submitting, form, status, values, errors } = useActionForm(result, FIELDS);

  const describedBy = (name: Field) => (errors[name] ? `${id}-${name}-error` : undefined);
  const error = (name: Field) =>
    errors[name] ? (
      <p id={`${id}-${name}-error`} className="field__error">
        {errors[name]}
      </p>
    ) : null;

  return (
    <Form ref={form} method="post" className="review-form product-review-form" noValidate preventScrollReset>
      <h3 className="review-form__title">Оставить отзыв</h3>
      <p
        ref={status}
        tabIndex={-1}
        className={`review-form__status${result ? (result.ok ? ' review-form__status--ok' : ' review-form__status--error') : ''}`}
        role={result && !result.ok ? 'alert' : 'status'}
      >
        {result ? (result.ok ? PRODUCT_REVIEW_SENT : result.message) : ''}
      </p>
      <RatingInput id={id} defaultValue={values?.rating} error={errors.rating} />
      <div className="field">
        <label className="field__label" htmlFor={`${id}-text`}>
          Отзыв <span aria-hidden="true">*</span>
        </label>
        <textarea
          id={`${id}-text`}
          name="text"
          className="field__input field__input--area"
          rows={4}
          required
          minLength={3}
          maxLength={5000}
          defaultValue={values?.text}
          aria-invalid={errors.text ? true : undefined}
          aria-describedby={describedBy('text')}
        />
        {error('text')}
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-advantages`}>
          Достоинства
        </label>
        <input
          id={`${id}-advantages`}
          name="advantages"
          className="field__input"
          maxLength={2000}
          defaultValue={values?.advantages}
          aria-invalid={errors.advantages ? true : undefined}
          aria-describedby={describedBy('advantages')}
        />
        {error('advantages')}
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-disadvantages`}>
          Недостатки
        </label>
        <input
          id={`${id}-disadvantages`}
          name="disadvantages"
          className="field__input"
          maxLength={2000}
          defaultValue={values?.disadvantages}
          aria-invalid={errors.disadvantages ? true : undefined}
          aria-describedby={describedBy('disadvantages')}
        />
        {error('disadvantages')}
      </div>
      <button type="submit" className="button button--primary review-form__submit" disabled={submitting}>
        {submitting ? 'Отправляем…' : 'Отправить отзыв'}
      </button>
    </Form>
  );
}
