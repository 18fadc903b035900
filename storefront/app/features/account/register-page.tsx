import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import type { Route } from '../../routes/+types/auth.register';
import { phoneFromMasked } from '../../ui/MaskedInput';
import { PhoneField, FormField } from '../../ui/FormField';
import { useToast } from '../../ui/Toast';
import { reachGoal } from '../../lib/analytics';
import { AuthError, useAuth } from '../../lib/auth';
import { SIGNED_IN_HOME } from '../../lib/auth-cookies';
import { PASSWORD_HINT, PasswordInput, nameAndEmailErrors, newPasswordErrors } from './auth-fields';
import { apiErrorMessage, apiFieldErrors } from '../../lib/browser-api';
import { seoMeta } from '../../lib/seo';
import './profile.css';
import './auth.css';

export const CONSENT_REQUIRED =
  'Чтобы зарегистрироваться, подтвердите согласие на обработку персональных данных';
export const REGISTERED = (email: string) =>
  `Вы зарегистрированы. Мы отправили письмо на ${email}: перейдите по ссылке из него, чтобы подтвердить адрес.`;

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(
    {
      title: 'Регистрация',
      description: 'Регистрация покупателя: заказы, бонусы и цены для мастеров и салонов.',
      path: '/auth/register',
      noindex: true,
    },
    matches,
  );

interface Values {
  name: string;
  email: string;
  phone: string;
  password: string;
  repeat: string;
  consent: boolean;
  subscribe: boolean;
}
type Errors = Partial<Record<keyof Values, string>>;

const EMPTY: Values = {
  name: '',
  email: '',
  phone: '',
  password: '',
  repeat: '',
  consent: false,
  subscribe: false,
};

/** What the server would refuse, said before sending (its own words come back for the rest). */
export function registerErrors(v: Values): Errors {
  const errors: Errors = nameAndEmailErrors(v.name, v.email);
  if (!phoneFromMasked(v.phone)) errors.phone = 'Введите телефон полностью: +7 (999) 123-45-67';
  Object.assign(errors, newPasswordErrors(v.password, v.repeat));
  if (!v.consent) errors.consent = CONSENT_REQUIRED;
  return errors;
}

export default function Register() {
  const { status, signUp } = useAuth();
  const navigate = useNavigate();
  const toast = useToast();
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const signingUp = useRef(false);

  useEffect(() => {
    if (status === 'authenticated' && !signingUp.current) void navigate(SIGNED_IN_HOME, { replace: true });
  }, [status, navigate]);

  const set =
    <K extends keyof Values>(key: K) =>
    (value: Values[K]) => {
      setValues((v) => ({ ...v, [key]: value }));
      setErrors((e) => (e[key] ? { ...e, [key]: undefined } : e));
    };

  // The first field with a message takes the focus, so a keyboard or screen-reader user lands on it.
  const focusFirstError = () =>
    requestAnimationFrame(() =>
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"], [role="alert"]')?.focus(),
    );

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    const found = registerErrors(values);
    setErrors(found);
    if (Object.keys(found).length) {
      focusFirstError();
      return;
    }
    reachGoal('register');
    setBusy(true);
    signingUp.current = true;
    const email = values.email.trim();
    try {
      await signUp(
        {
          name: values.name.trim(),
          email,
          phone: phoneFromMasked(values.phone)!,
          password: values.password,
          consent: true,
          subscribe: values.subscribe,
        },
        { redirectTo: SIGNED_IN_HOME },
      );
      toast.show(REGISTERED(email), { kind: 'success' });
    } catch (error) {
      signingUp.current = false;
      setBusy(false);
      const cause = error instanceof AuthError ? error.cause : error;
      const fields = apiFieldErrors(cause) as Errors;
      const known = Object.fromEntries(Object.entries(fields).filter(([key]) => key in EMPTY)) as Errors;
      setErrors(known);
      setFailure(Object.keys(known).length ? null : apiErrorMessage(cause));
      focusFirstError();
    }
  };

  const text = (key: 'name' | 'email', label: string, type: string, auto: string, max: number) => (
    <FormField id={key} label={label} required error={errors[key]}>
      {(control) => (
        <input
          {...control}
          type={type}
          autoComplete={auto}
          maxLength={max}
          value={values[key]}
          onChange={(e) => set(key)(e.target.value)}
        />
      )}
    </FormField>
  );

  return (
    <div className="auth-page auth-page--wide">
      <h1 className="auth-page__title">Регистрация</h1>
      <p className="auth-page__lead">
        Уже есть аккаунт? <Link to="/login">Войти</Link>
      </p>
      <form ref={formRef} className="auth-form" noValidate onSubmit={(e) => void submit(e)}>
        {failure && (
          <p className="profile-form__failure" role="alert" tabIndex={-1}>
            {failure}
          </p>
        )}
        {text('name', 'Имя', 'text', 'name', 100)}
        {text('email', 'E-mail', 'email', 'email', 255)}
        <PhoneField value={values.phone} error={errors.phone} onValueChange={set('phone')} />
        <div className="profile-form__pair">
          <FormField id="password" label="Пароль" required error={errors.password} hint={PASSWORD_HINT}>
            {(control) => (
              <PasswordInput
                {...control}
                autoComplete="new-password"
                maxLength={200}
                value={values.password}
                onChange={(e) => set('password')(e.target.value)}
              />
            )}
          </FormField>
          <FormField id="repeat" label="Пароль ещё раз" required error={errors.repeat}>
            {(control) => (
              <PasswordInput
                {...control}
                autoComplete="new-password"
                maxLength={200}
                value={values.repeat}
                onChange={(e) => set('repeat')(e.target.value)}
              />
            )}
          </FormField>
        </div>
        <label className="auth-check">
          <input
            type="checkbox"
            name="consent"
            checked={values.consent}
            aria-invalid={errors.consent ? true : undefined}
            aria-describedby={errors.consent ? 'consent-error' : undefined}
            onChange={(e) => set('consent')(e.target.checked)}
          />
          <span>
            Я даю <Link to="/company/consent">согласие на обработку персональных данных</Link>
            <span className="profile-field__required" aria-hidden="true">
              {' '}
              *
            </span>
          </span>
        </label>
        {errors.consent && (
          <p id="consent-error" className="auth-check__error">
            {errors.consent}
          </p>
        )}
        <label className="auth-check">
          <input
            type="checkbox"
            name="subscribe"
            checked={values.subscribe}
            onChange={(e) => set('subscribe')(e.target.checked)}
          />
          <span>Получать новости и акции магазина по e‑mail</span>
        </label>
        <div className="profile-form__actions">
          <button type="submit" className="button button--primary" disabled={busy}>
            {busy ? 'Регистрируем…' : 'Зарегистрироваться'}
          </button>
        </div>
      </form>
    </div>
  );
}
