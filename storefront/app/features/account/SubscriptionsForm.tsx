import type { ProfileSubscriptionsState } from '@shop/schemas';
import { useState } from 'react';
import { useRevalidator } from 'react-router';
import { apiErrorMessage, useApi } from '../../lib/browser-api';
import { useToast } from '../../ui/Toast';

export const SUBSCRIPTIONS_SAVED = 'Настройки рассылок сохранены';
export const EMAIL_PENDING =
  'Мы отправили письмо для подтверждения: рассылка по e-mail начнётся после перехода по ссылке из него.';

type Channel = 'email' | 'sms';

const SWITCHES: { channel: Channel; label: string; hint: string }[] = [
  {
    channel: 'email',
    label: 'Новости и акции по e-mail',
    hint: 'Новинки, скидки и полезные материалы не чаще раза в неделю',
  },
  { channel: 'sms', label: 'Новости и акции по SMS', hint: 'Только самые выгодные акции' },
];

/** /profile/subscriptions: each switch is saved as soon as it is flipped. */
export function SubscriptionsForm({ state, email }: { state: ProfileSubscriptionsState; email: string }) {
  const api = useApi();
  const toast = useToast();
  const revalidator = useRevalidator();
  const [current, setCurrent] = useState(state);
  const [busy, setBusy] = useState<Channel | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const flip = async (channel: Channel, on: boolean) => {
    setBusy(channel);
    setFailure(null);
    try {
      const answer = await api.profile.updateSubscriptions({
        email: current.email,
        sms: current.sms,
        [channel]: on,
      });
      setCurrent(answer);
      toast.show(channel === 'email' && on && answer.emailPending ? EMAIL_PENDING : SUBSCRIPTIONS_SAVED, {
        kind: 'success',
      });
      void revalidator.revalidate();
    } catch (error) {
      console.error('Subscriptions not saved', error);
      setFailure(apiErrorMessage(error));
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="profile-form">
      {failure && (
        <p className="profile-form__failure" role="alert">
          {failure}
        </p>
      )}
      <ul className="profile-switches">
        {SWITCHES.map(({ channel, label, hint }) => (
          <li key={channel} className="profile-switch">
            <input
              id={`subscribe-${channel}`}
              className="profile-switch__input"
              type="checkbox"
              role="switch"
              checked={current[channel]}
              disabled={busy !== null}
              aria-describedby={`subscribe-${channel}-note`}
              onChange={(e) => void flip(channel, e.target.checked)}
            />
            <label className="profile-switch__label" htmlFor={`subscribe-${channel}`}>
              {label}
            </label>
            <p id={`subscribe-${channel}-note`} className="profile-switch__hint">
              {channel === 'email' && current.email && current.emailPending
                ? `Ждёт подтверждения: перейдите по ссылке из письма, отправленного на ${email}`
                : hint}
            </p>
          </li>
        ))}
      </ul>
    </div>
  );
}
