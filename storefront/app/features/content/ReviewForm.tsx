import { type ActionFormResult, useActionForm } from '../../ui/use-action-form';
import { Form, Link } from 'react-router';
import { RatingInput } from '../../ui/RatingInput';
import './reviews.css';

/** What the route's action answers: success, or the API's Russian messages per field. */
export type ReviewFormResult = ActionFormResult<{ name: string; city: string; rating: string; text: string }>;

export const REVIEW_SENT = 'Спасибо! Отзыв появится после проверки.';
const FIELDS = ['name', 'city', 'rating', 'text'] as const;

/**
 * The review form. It posts to the page's action (it works without JavaScript too); the API validates and
 * stores the review for moderation. Errors are shown under their fields and the first one gets the focus.
 */
export function ReviewForm({ result }: { result?: ReviewFormResult }) {
  const { id, submitting, form, status, values, errors } = useActionForm(result, FIELDS);

  const fieldProps = (name: (typeof FIELDS)[number]) => ({
    id: `${id}-${name}`,
    name,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${id}-${name}-error` : undefined,
  });
  const error = (name: (typeof FIELDS)[number]) =>
    errors[name] ? (
      <p id={`${id}-${name}-error`} className="field__error">
        {errors[name]}
      </p>
    ) : null;

  return (
    <Form ref={form} method="post" className="review-form" id="review-form" noValidate preventScrollReset>
      <h2 className="review-form__title">Оставить отзыв</h2>
      <p className="review-form__hint">
        Расскажите о заказе, доставке или консультации. Отзыв появится после проверки.
      </p>

      <p
        ref={status}
        tabIndex={-1}
        className={`review-form__status${result ? (result.ok ? ' review-form__status--ok' : ' review-form__status--error') : ''}`}
        role={result && !result.ok ? 'alert' : 'status'}
      >
        {result ? (result.ok ? REVIEW_SENT : result.message) : ''}
      </p>

      <div className="field">
        <label className="field__label" htmlFor={`${id}-name`}>
          Имя <span aria-hidden="true">*</span>
        </label>
        <input
          {...fieldProps('name')}
          className="field__input"
          type="text"
          autoComplete="given-name"
          required
          maxLength={100}
          defaultValue={values?.name}
        />
        {error('name')}
      </div>

      <div className="field">
        <label className="field__label" htmlFor={`${id}-city`}>
          Город
        </label>
        <input
          {...fieldProps('city')}
          className="field__input"
          type="text"
          autoComplete="address-level2"
          maxLength={100}
          defaultValue={values?.city}
        />
        {error('city')}
      </div>

      <RatingInput id={id} defaultValue={values?.rating} error={errors.rating} />

      <div className="field">
        <label className="field__label" htmlFor={`${id}-text`}>
          Отзыв <span aria-hidden="true">*</span>
        </label>
        <textarea
          {...fieldProps('text')}
          className="field__input field__input--area"
          rows={5}
          required
          maxLength={5000}
          defaultValue={values?.text}
        />
        {error('text')}
      </div>

      <button type="submit" className="button button--primary review-form__submit" disabled={submitting}>
        {submitting ? 'Отправляем…' : 'Отправить отзыв'}
      </button>
      <p className="review-form__consent">
        Нажимая «Отправить отзыв», вы соглашаетесь с{' '}
        <Link to="/company/consent">условиями обработки персональных данных</Link>.
      </p>
    </Form>
  );
}
