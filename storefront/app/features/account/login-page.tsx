import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { Route } from '../../routes/+types/login';
import { FormField } from '../../ui/FormField';
import { reachGoal } from '../../lib/analytics';
import { AuthError, useAuth } from '../../lib/auth';
import { SIGNED_IN_HOME } from '../../lib/auth-cookies';
import { PasswordInput } from './auth-fields';
import { apiErrorMessage } from '../../lib/browser-api';
import { seoMeta } from '../../lib/seo';
import './profile.css';
import './auth.css';

// Spec §6: the sign-in page is for guests; a signed-in visitor goes to their account.

export const WRONG_CREDENTIALS = 'Неверный логин или пароль';
export const SIGN_IN_FAILED = 'Произошла ошибка при авторизации';

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(
    { title: 'Вход', description: 'Вход в личный кабинет покупателя.', path: '/login', noindex: true },
    matches,
  );

/** Spec §8: wrong credentials, too many attempts (the server says when to retry), anything else. */
export function signInMessage(error: unknown): string {
  const status = error instanceof AuthError ? error.status : undefined;
  if (status === 401) return WRONG_CREDENTIALS;
  if (status === 429) return apiErrorMessage((error as AuthError).cause);
  return SIGN_IN_FAILED;
}

export default function Login() {
  const { status, signIn } = useAuth();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [login, setLogin] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const [errors, setErrors] = useState<{ login?: string; password?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const signingIn = useRef(false);
  const failureRef = useRef<HTMLParagraphElement>(null);

  // Signed in meanwhile (another tab): this page is not for them any more.
  useEffect(() => {
    if (status === 'authenticated' && !signingIn.current) void navigate(SIGNED_IN_HOME, { replace: true });
  }, [status, navigate]);

  useEffect(() => {
    if (failure) failureRef.current?.focus();
  }, [failure]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const missing: typeof errors = {};
    if (!login.trim()) missing.login = 'Введите e-mail или телефон';
    if (!password) missing.password = 'Введите пароль';
    setErrors(missing);
    setFailure(null);
    if (Object.keys(missing).length) return;
    reachGoal('login');
    setBusy(true);
    signingIn.current = true;
    try {
      await signIn({ login: login.trim(), password, remember }, { redirectTo: params.get('redirect') });
    } catch (error) {
      signingIn.current = false;
      setFailure(signInMessage(error));
      setBusy(false);
    }
  };

  return (
    <div className="auth-page">
      <h1 className="auth-page__title">Вход</h1>
      <p className="auth-page__lead">Войдите, чтобы видеть свои заказы, бонусы и цены вашей группы.</p>
      <form className="auth-form" noValidate onSubmit={(e) => void submit(e)}>
        {failure && (
          <p ref={failureRef} className="profile-form__failure" role="alert" tabIndex={-1}>
            {failure}
          </p>
        )}
        <FormField id="login" label="E-mail или телефон" required error={errors.login}>
          {(control) => (
            <input
              {...control}
              type="text"
              inputMode="email"
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              maxLength={255}
              value={login}
              onChange={(e) => setLogin(e.target.value)}
            />
          )}
        </FormField>
        <FormField id="password" label="Пароль" required error={errors.password}>
          {(control) => (
            <PasswordInput
              {...control}
              autoComplete="current-password"
              maxLength={200}
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          )}
        </FormField>
        <label className="auth-check">
          <input type="checkbox" checked={remember} onChange={(e) => setRemember(e.target.checked)} />
          <span>Запомнить меня (на 30 дней на этом устройстве)</span>
        </label>
        <div className="profile-form__actions">
          <button type="submit" className="button button--primary" disabled={busy}>
            {busy ? 'Входим…' : 'Войти'}
          </button>
        </div>
      </form>
      <nav className="auth-links" aria-label="Вход">
        <Link to="/auth/register" onClick={() => reachGoal('register')}>
          Регистрация
        </Link>
        <Link to="/recovery-password">Забыли пароль?</Link>
      </nav>
    </div>
  );
}
