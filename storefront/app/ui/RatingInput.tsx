import { useEffect, useRef, useState } from 'react';
import { STAR } from './Stars';

const RATING_WORDS = ['', 'Плохо', 'Так себе', 'Нормально', 'Хорошо', 'Отлично'] as const;

interface RatingInputProps {
  /** The form's id prefix: the radios are `${id}-rating-N`, the error `${id}-rating-error`. */
  id: string;
  defaultValue?: string;
  error?: string;
}

/**
 * The required 1–5 star rating of the review forms: five radios named `rating` (the form posts without
 * JavaScript too), stars that light up on hover and choice, the word for the lit rating. Before hydration
 * the stars light up through CSS alone (:has(:checked)); after it, through state. Clears with its form.
 */
export function RatingInput({ id, defaultValue, error }: RatingInputProps) {
  const [rating, setRating] = useState(Number(defaultValue) || 0);
  const [hover, setHover] = useState(0);
  const [hydrated, setHydrated] = useState(false);
  const field = useRef<HTMLFieldSetElement>(null);
  useEffect(() => setHydrated(true), []);
  useEffect(() => {
    const form = field.current?.form;
    const clear = () => setRating(0);
    form?.addEventListener('reset', clear);
    return () => form?.removeEventListener('reset', clear);
  }, []);
  const lit = hover || rating;

  return (
    <fieldset
      ref={field}
      className="field rating-input"
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? `${id}-rating-error` : undefined}
    >
      <legend className="field__label">
        Оценка <span aria-hidden="true">*</span>
      </legend>
      <div className="rating-input__row">
        <div
          className="rating-input__stars"
          data-hydrated={hydrated || undefined}
          onMouseLeave={() => setHover(0)}
        >
          {[1, 2, 3, 4, 5].map((n) => (
            <span key={n} className="rating-input__option">
              <input
                id={`${id}-rating-${n}`}
                className="rating-input__radio"
                type="radio"
                name="rating"
                value={n}
                required
                defaultChecked={defaultValue === String(n)}
                onChange={() => setRating(n)}
              />
              <label
                htmlFor={`${id}-rating-${n}`}
                className={`rating-input__star${n <= lit ? ' rating-input__star--on' : ''}`}
                title={RATING_WORDS[n]}
                onMouseEnter={() => setHover(n)}
              >
                <svg width="32" height="32" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                  <path d={STAR} />
                </svg>
                <span className="visually-hidden">
                  {n} из 5 — {RATING_WORDS[n]}
                </span>
              </label>
            </span>
          ))}
        </div>
        <span className="rating-input__word" aria-hidden="true">
          {lit ? RATING_WORDS[lit] : ''}
        </span>
      </div>
      {error && (
        <p id={`${id}-rating-error`} className="field__error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
