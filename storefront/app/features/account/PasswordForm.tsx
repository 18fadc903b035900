import { useState, type FormEvent } from 'react';
import { PASSWORDS_DIFFER, PASSWORD_HINT, PASSWORD_RULE } from './auth-fields';
import { useApi } from '../../lib/browser-api';
import { FormField } from '../../ui/FormField';
import { useSave, type FieldErrors } from './use-save';

export const PASSWORD_CHANGED = 'Пароль изменён. Другие устройства вышли из аккаунта.';

interface Values {
  currentPassword: string;
  password: string;
  repeat: string;
}
const EMPTY: Values = { currentPassword: '', password: '', repeat: '' };

/** The rules of the server (schemas/api/password-change-request), said before sending. */
export function passwordProblems(v: Values): FieldErrors {
  const errors: FieldErrors = {};
  if (!v.currentPassword) errors.currentPassword = 'Введите текущий пароль';
  if (v.password.length < 8 || !/[A-Za-zА-Яа-яЁё]/.test(v.password) || !/\d/.test(v.password))
    errors.password = PASSWORD_RULE;
  else if (v.password.length > 128) errors.password = 'Пароль не длиннее 128 символов';
  else if (v.password === v.currentPassword) errors.password = 'Новый пароль совпадает с текущим';
  if (!errors.password && v.repeat !== v.password) errors.repeat = PASSWORDS_DIFFER;
  return errors;
}

/** /profile/change-pass: this device stays signed in, every other one is signed out by the server. */
export function PasswordForm() {
  const api = useApi();
  const { errors, failure, busy, formRef, save, edited, toast } = useSave();
  const [values, setValues] = useState<Values>(EMPTY);
  const [done, setDone] = useState(false);

  const field = (key: keyof Values, label: string, auto: string, hint?: string) => (
    <FormField id={key} label={label} required error={errors[key]} hint={hint}>
      {(control) => (
        <input
          {...control}
          type="password"
          autoComplete={auto}
          maxLength={200}
          value={values[key]}
          onChange={(e) => {
            setValues((v) => ({ ...v, [key]: e.target.value }));
            edited(key);
            setDone(false);
          }}
        />
      )}
    </FormField>
  );

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void save({
      errors: passwordProblems(values),
      send: () =>
        api.auth.changePassword({ currentPassword: values.currentPassword, password: values.password }),
      done: () => {
        setValues(EMPTY);
        setDone(true);
        toast.show(PASSWORD_CHANGED, { kind: 'success' });
      },
    });
  };

  return (
    <form ref={formRef} className="profile-form" noValidate onSubmit={submit}>
      {failure && (
        <p className="profile-form__failure" role="alert" tabIndex={-1}>
          {failure}
        </p>
      )}
      {done && (
        <p className="profile-form__success" role="status">
          {PASSWORD_CHANGED}
        </p>
      )}
      {field('currentPassword', 'Текущий пароль', 'current-password')}
      {field('password', 'Новый пароль', 'new-password', PASSWORD_HINT)}
      {field('repeat', 'Новый пароль ещё раз', 'new-password')}
      <div className="profile-form__actions">
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? 'Меняем…' : 'Изменить пароль'}
        </button>
      </div>
    </form>
  );
}
