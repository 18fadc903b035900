import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { Route } from '../../routes/+types/change-password';
import { FormField } from '../../ui/FormField';
import { useAuth } from '../../lib/auth';
import { PASSWORD_HINT, PasswordInput, newPasswordErrors } from './auth-fields';
import { apiErrorMessage, apiErrorStatus, apiFieldErrors, useApi } from '../../lib/browser-api';
import { seoMeta } from '../../lib/seo';
import './profile.css';
import './auth.css';

// The link of the recovery letter: a new password, twice. The token is checked when the form is sent
// (opening the page spends nothing), and every session of the customer ends once it is changed.

export const PASSWORD_RESET = 'Пароль изменён';
export const BAD_LINK =
  'Ссылка для смены пароля недействительна или устарела. Запросите восстановление пароля ещё раз.';

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(
    {
      title: 'Смена пароля',
      description: 'Новый пароль от личного кабинета.',
      path: '/change-password',
      noindex: true,
    },
    matches,
  );

export default function ChangePassword() {
  const api = useApi();
  const { refresh } = useAuth();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(token ? null : BAD_LINK);
  const [badLink, setBadLink] = useState(!token);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    const found = newPasswordErrors(password, repeat);
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      await api.auth.reset({ token, password });
      setDone(true);
      // The server ended every session, this browser's too.
      void refresh();
    } catch (error) {
      const fields = apiFieldErrors(error);
      if (fields.token || apiErrorStatus(error) === 404) {
        setBadLink(true);
        setFailure(fields.token ?? BAD_LINK);
      } else if (fields.password) {
        setErrors({ password: fields.password });
      } else {
        console.error('password reset failed:', error);
        setFailure(apiErrorMessage(error));
      }
    } finally {
      setBusy(false);
    }
  };

  if (done)
    return (
      <div className="auth-page">
        <h1 className="auth-page__title">{PASSWORD_RESET}</h1>
        <div className="auth-result">
          <p className="auth-result__text" role="status">
            {PASSWORD_RESET}. Войдите с новым паролем.
          </p>
          <div className="auth-result__actions">
            <Link to="/login" className="button button--primary">
              Войти
            </Link>
          </div>
        </div>
      </div>
    );

  return (
    <div className="auth-page">
      <h1 className="auth-page__title">Смена пароля</h1>
      {badLink ? (
        <div className="auth-result">
          <p className="auth-result__text profile-form__failure" role="alert">
            {failure ?? BAD_LINK}
          </p>
          <div className="auth-result__actions">
            <Link to="/recovery-password" className="button button--primary">
              Восстановить пароль
            </Link>
          </div>
        </div>
      ) : (
        <>
          <p className="auth-page__lead">Придумайте новый пароль для входа.</p>
          <form className="auth-form" noValidate onSubmit={(e) => void submit(e)}>
            {failure && (
              <p className="profile-form__failure" role="alert">
                {failure}
              </p>
            )}
            <FormField
              id="password"
              label="Новый пароль"
              required
              error={errors.password}
              hint={PASSWORD_HINT}
            >
              {(control) => (
                <PasswordInput
                  {...control}
                  autoComplete="new-password"
                  maxLength={200}
                  value={password}
                  onChange={(e) => setPassword(e.target.value)}
                />
              )}
            </FormField>
            <FormField id="repeat" label="Новый пароль ещё раз" required error={errors.repeat}>
              {(control) => (
                <PasswordInput
                  {...control}
                  autoComplete="new-password"
                  maxLength={200}
                  value={repeat}
                  onChange={(e) => setRepeat(e.target.value)}
                />
              )}
            </FormField>
            <div className="profile-form__actions">
              <button type="submit" className="button button--primary" disabled={busy}>
                Сохранить пароль
              </button>
            </div>
          </form>
        </>
      )}
    </div>
  );
}
