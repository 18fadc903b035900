import type { ReactNode } from 'react';
import { PhoneInput } from './MaskedInput';

export interface FormFieldProps {
  id: string;
  label: string;
  error?: string;
  /** Shown under the field when there is no error (a format, a hint). */
  hint?: ReactNode;
  required?: boolean;
  /** The CSS block of the field's parts: the account forms' (default) or the feedback dialogs'. */
  block?: 'profile-field' | 'feedback-field';
  children: (control: {
    id: string;
    name: string;
    className: string;
    'aria-invalid'?: true;
    'aria-describedby'?: string;
    'aria-required'?: true;
  }) => ReactNode;
}

/** A labelled field of the shop's forms with its message under it, tied to it for screen readers. */
export function FormField({
  id,
  label,
  error,
  hint,
  required,
  block = 'profile-field',
  children,
}: FormFieldProps) {
  const noteId = `${id}-note`;
  return (
    <div className={block}>
      <label className={`${block}__label`} htmlFor={id}>
        {label}
        {required && (
          <span className={`${block}__required`} aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </label>
      {children({
        id,
        name: id,
        className: `${block}__input`,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': error || hint ? noteId : undefined,
        'aria-required': required ? true : undefined,
      })}
      {error ? (
        <p id={noteId} className={`${block}__error`}>
          {error}
        </p>
      ) : (
        hint && (
          <p id={noteId} className={`${block}__hint`}>
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
    <FormField id="phone" label="Телефон" required error={error}>
      {(control) => <PhoneInput {...control} value={value} onValueChange={onValueChange} />}
    </FormField>
  );
}
