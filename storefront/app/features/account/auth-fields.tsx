import { useState, type InputHTMLAttributes } from 'react';

// Parts of the sign-in, registration and password forms.

export const PASSWORD_HINT = 'Не короче 8 символов, буквы и цифры';
export const PASSWORD_RULE = 'Пароль должен быть не короче 8 символов и содержать хотя бы одну букву и цифру';
export const PASSWORDS_DIFFER = 'Пароли не совпадают';

/** The server's rule for a new password (schemas/api/register-request), said before sending. */
export function newPasswordErrors(password: string, repeat: string): Record<string, string> {
  if (
    password.length < 8 ||
    password.length > 128 ||
    !/[A-Za-zА-Яа-яЁё]/.test(password) ||
    !/\d/.test(password)
  )
    return { password: PASSWORD_RULE };
  if (repeat !== password) return { repeat: PASSWORDS_DIFFER };
  return {};
}

/** The server's rules for a customer's name and e-mail (registration and /profile/user), said before sending. */
export function nameAndEmailErrors(name: string, email: string): Record<string, string> {
  const errors: Record<string, string> = {};
  const trimmed = name.trim();
  if (trimmed.length < 2) errors.name = 'Введите имя: не короче 2 символов';
  else if (trimmed.length > 100) errors.name = 'Имя не длиннее 100 символов';
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim()))
    errors.email = 'Введите e-mail, например anna@mail.ru';
  return errors;
}

type PasswordInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>;

/** A password field with a button that shows what was typed (and hides it again). */
export function PasswordInput(props: PasswordInputProps) {
  const [shown, setShown] = useState(false);
  return (
    <div className="password-input">
      <input {...props} type={shown ? 'text' : 'password'} />
      <button
        type="button"
        className="password-input__toggle"
        aria-pressed={shown}
        aria-controls={props.id}
        onClick={() => setShown((s) => !s)}
      >
        {shown ? 'Скрыть' : 'Показать'}
      </button>
    </div>
  );
}
