import { Link } from 'react-router';

interface FeedbackFooterProps {
  label: string;
  sending: boolean;
  disabled: boolean;
}

/** The send button and, under it, the consent to processing of personal data (152-FZ). */
export function FeedbackFooter({ label, sending, disabled }: FeedbackFooterProps) {
  return (
    <div className="feedback-form__footer">
      <button type="submit" className="button button--primary feedback-form__submit" disabled={disabled}>
        {sending ? 'Отправляем…' : label}
      </button>
      <p className="feedback-form__consent">
        Нажимая кнопку, вы соглашаетесь с{' '}
        <Link to="/company/consent" target="_blank">
          обработкой персональных данных
        </Link>
      </p>
    </div>
  );
}
