import type { ReactNode } from 'react';
import { MaskedInput, PHONE_MASK, PHONE_PLACEHOLDER } from '../MaskedInput';

interface ProfileFieldProps {
  id: string;
  label: string;
  error?: string;
  /** Shown under the field when there is no error (a format, a hint). */
  hint?: ReactNode;
  required?: boolean;
  children: (control: {
    id: string;
    name: string;
    className: string;
    'aria-invalid'?: true;
    'aria-describedby'?: string;
    'aria-required'?: true;
  }) => ReactNode;
}

/** A labelled field of the account forms with its message under it, tied to it for screen readers. */
export function ProfileField({ id, label, error, hint, required, children }: ProfileFieldProps) {
  const noteId = `${id}-note`;
  return (
    <div className="profile-field">
      <label className="profile-field__label" htmlFor={id}>
        {label}
        {required && (
          <span className="profile-field__required" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </label>
      {children({
        id,
        name: id,
        className: 'profile-field__input',
        'aria-invalid': error ? true : undefined,
        'aria-describedby': error || hint ? noteId : undefined,
        'aria-required': required ? true : undefined,
      })}
      {error ? (
        <p id={noteId} className="profile-field__error">
          {error}
        </p>
      ) : (
        hint && (
          <p id={noteId} className="profile-field__hint">
            {hint}
          </p>
        )
      )}
    </div>
  );
}

/** The required phone field with its mask (+7 (000) 000-00-00), as the account and registration forms ask it. */
export function PhoneField({
  value,
  error,
  onValueChange,
}: {
  value: string;
  error?: string;
  onValueChange: (value: string) => void;
}) {
  return (
    <ProfileField id="phone" label="Телефон" required error={error}>
      {(control) => (
        <MaskedInput
          {...control}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder={PHONE_PLACEHOLDER}
          mask={PHONE_MASK}
          value={value}
          onValueChange={onValueChange}
        />
      )}
    </ProfileField>
  );
}
