import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { apiErrorMessage, apiFieldErrors, useApi } from '../../lib/browser-api';
import './newsletter.css';

export const SUBSCRIBE_SENT = 'Проверьте почту: мы отправили письмо для подтверждения подписки';

type Status = { kind: 'idle' | 'sending' } | { kind: 'sent' } | { kind: 'error'; message: string };

/**
 * The footer's newsletter box (spec §2). The spec gives the field no check of its own: the server judges the
 * address and its Russian message is shown. A letter with a link confirms the subscription (double opt-in).
 */
export function NewsletterForm() {
  const api = useApi();
  const id = useId();
  const [email, setEmail] = useState('');
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const noteId = `${id}-note`;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (status.kind === 'sending') return;
    setStatus({ kind: 'sending' });
    try {
      await api.newsletter.subscribe({ email: email.trim() });
      setEmail('');
      setStatus({ kind: 'sent' });
    } catch (error) {
      console.error('Newsletter subscription failed', error);
      setStatus({ kind: 'error', message: apiFieldErrors(error).email ?? apiErrorMessage(error) });
    }
  };

  return (
    <form
      className="newsletter"
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-labelledby={`${id}-title`}
    >
      <h2 id={`${id}-title`} className="site-footer__title">
        Подписка на новости
      </h2>
      <p className="newsletter__lead">Новинки, акции и скидки магазина — на вашу почту.</p>
      <div className="newsletter__row">
        <label className="visually-hidden" htmlFor={`${id}-email`}>
          E-mail для рассылки
        </label>
        <input
          id={`${id}-email`}
          className="newsletter__input"
          type="email"
          name="email"
          autoComplete="email"
          placeholder="Ваш e-mail"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          aria-invalid={status.kind === 'error' || undefined}
          aria-describedby={noteId}
        />
        <button type="submit" className="button button--primary" disabled={status.kind === 'sending'}>
          Подписаться
        </button>
      </div>
      <p
        id={noteId}
        className={`newsletter__status newsletter__status--${status.kind}`}
        role={status.kind === 'error' ? 'alert' : 'status'}
      >
        {status.kind === 'sent' ? SUBSCRIBE_SENT : status.kind === 'error' ? status.message : ''}
      </p>
      <p className="newsletter__consent">
        Нажимая «Подписаться», вы соглашаетесь с{' '}
        <Link to="/company/consent">обработкой персональных данных</Link>
      </p>
    </form>
  );
}
