import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import type { Route } from '../../routes/+types/recovery-password';
import { FormField } from '../../ui/FormField';
import { apiErrorMessage, apiFieldErrors, useApi } from '../../lib/browser-api';
import { seoMeta } from '../../lib/seo';
import './profile.css';
import './auth.css';

// The same answer whether or not the address has an account, so the page tells nobody who is a customer.
export const RECOVERY_SENT =
  'Если такой адрес зарегистрирован, мы отправили на него письмо со ссылкой для смены пароля';

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(
    {
      title: 'Восстановление пароля',
      description: 'Восстановление пароля от личного кабинета по e-mail.',
      path: '/recovery-password',
      noindex: true,
    },
    matches,
  );

export default function RecoveryPassword() {
  const api = useApi();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    const address = email.trim();
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(address)) {
      setError('Введите e-mail, например anna@mail.ru');
      return;
    }
    setError(undefined);
    setBusy(true);
    try {
      await api.auth.recover({ email: address });
      setSent(true);
    } catch (err) {
      console.error('password recovery failed:', err);
      const field = apiFieldErrors(err).email;
      if (field) setError(field);
      else setFailure(apiErrorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="auth-page">
      <h1 className="auth-page__title">Восстановление пароля</h1>
      {sent ? (
        <div className="auth-result">
          <p className="auth-result__text" role="status">
            {RECOVERY_SENT}. Ссылка действует 1 час.
          </p>
          <p className="auth-result__text">
            Письма нет? Проверьте папку «Спам» или{' '}
            <button type="button" className="link-button" onClick={() => setSent(false)}>
              отправьте ещё раз
            </button>
            .
          </p>
        </div>
      ) : (
        <>
          <p className="auth-page__lead">
            Укажите e-mail, с которым вы регистрировались: мы пришлём ссылку для смены пароля.
          </p>
          <form className="auth-form" noValidate onSubmit={(e) => void submit(e)}>
            {failure && (
              <p className="profile-form__failure" role="alert">
                {failure}
              </p>
            )}
            <FormField id="email" label="E-mail" required error={error}>
              {(control) => (
                <input
                  {...control}
                  type="email"
                  autoComplete="email"
                  maxLength={255}
                  value={email}
                  onChange={(e) => setEmail(e.target.value)}
                />
              )}
            </FormField>
            <div className="profile-form__actions">
              <button type="submit" className="button button--primary" disabled={busy}>
                Получить ссылку
              </button>
            </div>
          </form>
        </>
      )}
      <nav className="auth-links" aria-label="Вход">
        <Link to="/login">Вспомнили пароль? Войти</Link>
      </nav>
    </div>
  );
}
