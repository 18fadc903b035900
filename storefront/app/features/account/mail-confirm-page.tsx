import { Link } from 'react-router';
import type { Route } from '../../routes/+types/mail-confirm';
import { ResendConfirmation } from './ResendConfirmation';
import { useAuth } from '../../lib/auth';
import { seoMeta } from '../../lib/seo';
import './profile.css';
import './auth.css';

// The link of the registration letter: opening it confirms the address. The token is single-use, so a
// second visit gets the server's explanation, and a signed-in customer can ask for a new letter.

// A non-breaking hyphen: «e-» must not be left alone at the end of a line of the heading.
export const EMAIL_CONFIRMED = 'E‑mail подтверждён';
export const EMAIL_NOT_CONFIRMED = 'Не удалось подтвердить e‑mail';

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(
    {
      title: 'Подтверждение e-mail',
      description: 'Подтверждение адреса электронной почты покупателя.',
      path: '/mail-confirm',
      noindex: true,
    },
    matches,
  );

export default function MailConfirm({ loaderData }: Route.ComponentProps) {
  const { status, user } = useAuth();
  const signedIn = status === 'authenticated';
  return (
    <div className="auth-page">
      <h1 className="auth-page__title">{loaderData.ok ? EMAIL_CONFIRMED : EMAIL_NOT_CONFIRMED}</h1>
      <div className="auth-result">
        {loaderData.ok ? (
          <>
            <p className="auth-result__text" role="status">
              Спасибо! Адрес подтверждён: на него будут приходить письма о заказах и восстановлении пароля.
            </p>
            <div className="auth-result__actions">
              <Link to={signedIn ? '/profile' : '/login'} className="button button--primary">
                {signedIn ? 'В личный кабинет' : 'Войти'}
              </Link>
            </div>
          </>
        ) : (
          <>
            <p className="auth-result__text profile-form__failure" role="alert">
              {loaderData.message}
            </p>
            {signedIn && !user?.emailConfirmed ? (
              <div className="auth-result__actions">
                <ResendConfirmation className="button button--primary" />
              </div>
            ) : (
              !signedIn && (
                <p className="auth-result__text">
                  <Link to="/login?redirect=%2Fprofile">Войдите</Link>, чтобы получить новое письмо со
                  ссылкой.
                </p>
              )
            )}
          </>
        )}
      </div>
    </div>
  );
}
