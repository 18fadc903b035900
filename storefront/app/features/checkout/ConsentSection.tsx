import { Link } from 'react-router';
import { CONSENT_PATH } from './checkout';

interface ConsentSectionProps {
  checked: boolean;
  error?: string;
  onChange: (checked: boolean) => void;
}

/** The consent to the processing of personal data, without which no order is placed (152-ФЗ). */
export function ConsentSection({ checked, error, onChange }: ConsentSectionProps) {
  return (
    <div className="checkout-section" id="consent-block">
      <label className="checkout-check">
        <input
          type="checkbox"
          id="consent"
          name="consent"
          value="1"
          checked={checked}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'consent-error' : undefined}
          onChange={(e) => onChange(e.target.checked)}
        />
        <span>
          Я согласен(на) на{' '}
          <Link to={CONSENT_PATH} target="_blank" rel="noopener">
            обработку персональных данных
          </Link>
        </span>
      </label>
      {error && (
        <p id="consent-error" className="checkout-section__error">
          {error}
        </p>
      )}
    </div>
  );
}
