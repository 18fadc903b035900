import type { ReactNode } from 'react';

interface FieldProps {
  id: string;
  label: string;
  error?: string;
  /** Shown under the field when there is no error (a counter, a hint). */
  hint?: ReactNode;
  children: (control: {
    id: string;
    className: string;
    'aria-invalid'?: true;
    'aria-describedby'?: string;
  }) => ReactNode;
}

/** A labelled field of the feedback forms with its message under it, tied to it for screen readers. */
export function Field({ id, label, error, hint, children }: FieldProps) {
  const noteId = `${id}-note`;
  return (
    <div className="feedback-field">
      <label className="feedback-field__label" htmlFor={id}>
        {label} <span aria-hidden="true">*</span>
      </label>
      {children({
        id,
        className: 'feedback-field__input',
        'aria-invalid': error ? true : undefined,
        'aria-describedby': error || hint ? noteId : undefined,
      })}
      {error ? (
        <p id={noteId} className="feedback-field__error">
          {error}
        </p>
      ) : (
        hint && (
          <p id={noteId} className="feedback-field__hint">
            {hint}
          </p>
        )
      )}
    </div>
  );
}
