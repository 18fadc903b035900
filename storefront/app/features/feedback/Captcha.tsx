import { CAPTCHA_WIDTH, type CaptchaState } from './captcha';

interface CaptchaProps {
  state: CaptchaState;
  id: string;
  value: string;
  onChange: (value: string) => void;
  /** The server's message about the answer. */
  error?: string;
}

/** The server draws the picture at 200 × 64, the size it is shown at. */
const CAPTCHA_HEIGHT = 64;

/**
 * The captcha of a form: the picture (a skeleton while it loads), a refresh icon and the answer field with
 * the spec's prompt `Надпись с капчи *`.
 */
export function Captcha({ state, id, value, onChange, error }: CaptchaProps) {
  const { captcha, loading, error: loadError, refresh } = state;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  return (
    <div className="feedback-field">
      <div className="captcha">
        {captcha ? (
          <img
            className="captcha__image"
            src={captcha.image.url}
            width={CAPTCHA_WIDTH}
            height={CAPTCHA_HEIGHT}
            alt="Картинка с надписью"
            data-captcha-id={captcha.id}
          />
        ) : (
          <div
            className={`captcha__image${loading ? ' captcha__image--loading' : ''}`}
            role="img"
            aria-label={loading ? 'Картинка загружается' : 'Картинки нет'}
            aria-busy={loading || undefined}
          >
            {loadError && <span className="captcha__failed">{loadError}</span>}
          </div>
        )}
        <button
          type="button"
          className="icon-button captcha__refresh"
          aria-label="Обновить картинку"
          title="Обновить картинку"
          onClick={refresh}
        >
          <svg
            width={22}
            height={22}
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth={1.8}
            strokeLinecap="round"
            strokeLinejoin="round"
            aria-hidden="true"
            focusable="false"
          >
            <path d="M20 12a8 8 0 1 1-2.34-5.66L20 8.7M20 3.5v5.2h-5.2" />
          </svg>
        </button>
      </div>
      <label className="feedback-field__label" htmlFor={id}>
        Надпись с капчи <span aria-hidden="true">*</span>
      </label>
      <input
        id={id}
        name="captchaPhrase"
        className="feedback-field__input"
        type="text"
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        required
        maxLength={50}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${hintId} ${errorId}` : hintId}
      />
      {/* The spec's label is «Надпись с капчи»; people look for the symbols on the picture, so say so. */}
      <p id={hintId} className="feedback-field__hint">
        Введите символы с картинки. Не разобрать — обновите картинку
      </p>
      {error && (
        <p id={errorId} className="feedback-field__error">
          {error}
        </p>
      )}
    </div>
  );
}
