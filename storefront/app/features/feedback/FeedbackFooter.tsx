import { Link } from 'react-router';

interface FeedbackFooterProps {
  label: string;
  sending: boolean;
  disabled: boolean;
  /** Why the button waits («Чтобы отправить, заполните …»), shown under it while it is disabled. */
  why: string | null;
  whyId: string;
}

/** The send button and, under it, the consent to processing of personal data (152-FZ). */
export function FeedbackFooter({ label, sending, disabled, why, whyId }: FeedbackFooterProps) {
  const waiting = disabled && why;
  return (
    <div className="feedback-form__footer">
      <button
        type="submit"
        className="button button--primary feedback-form__submit"
        disabled={disabled}
        aria-describedby={waiting ? whyId : undefined}
      >
        {sending ? 'Отправляем…' : label}
      </button>
      {waiting && (
        <p className="feedback-form__why" id={whyId}>
          {why}
        </p>
      )}
      <p className="feedback-form__consent">
        Нажимая кнопку, вы соглашаетесь с{' '}
        <Link to="/company/consent" target="_blank">
          обработкой персональных данных
        </Link>
      </p>
    </div>
  );
}
