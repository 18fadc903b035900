import type { Profile } from '@shop/schemas';
import { useState, type FormEvent } from 'react';
import { useApi } from '../../lib/browser-api';
import {
  DATE_MASK,
  DATE_PLACEHOLDER,
  MaskedInput,
  PHONE_MASK,
  PHONE_PLACEHOLDER,
  dateFromMasked,
  dateToMasked,
  phoneFromMasked,
  phoneToMasked,
} from '../MaskedInput';
import { ProfileField } from './ProfileField';
import { ResendConfirmation } from './ResendConfirmation';
import { useSave, type FieldErrors } from './use-save';

export const PROFILE_SAVED = 'Данные сохранены';
export const EMAIL_CHANGED =
  'Данные сохранены. На новый адрес отправлено письмо: перейдите по ссылке из него, чтобы подтвердить e-mail.';

interface Values {
  name: string;
  email: string;
  phone: string;
  birthday: string;
}

const valuesOf = (p: Profile): Values => ({
  name: p.name,
  email: p.email,
  phone: phoneToMasked(p.phone),
  birthday: dateToMasked(p.birthday),
});

/** Moscow's today as YYYY-MM-DD: a birthday is a calendar date there, as the server judges it. */
const moscowToday = () => new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Moscow' });

/** The checks a person can fix before sending; the server repeats them and adds uniqueness. */
export function userProblems(v: Values): FieldErrors {
  const errors: FieldErrors = {};
  const name = v.name.trim();
  if (name.length < 2) errors.name = 'Введите имя: не короче 2 символов';
  else if (name.length > 100) errors.name = 'Имя не длиннее 100 символов';
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v.email.trim()))
    errors.email = 'Введите e-mail, например anna@mail.ru';
  if (!phoneFromMasked(v.phone)) errors.phone = 'Введите номер телефона полностью: +7 (000) 000-00-00';
  if (v.birthday) {
    const iso = dateFromMasked(v.birthday);
    if (!iso) errors.birthday = 'Введите дату полностью: ДД.ММ.ГГГГ';
    else if (iso > moscowToday()) errors.birthday = 'Дата рождения не может быть в будущем';
  }
  return errors;
}

/** /profile/user: name, e-mail, phone and birthday with their masks. */
export function UserForm({ profile }: { profile: Profile }) {
  const api = useApi();
  const { errors, failure, busy, formRef, save, edited, toast } = useSave();
  const [values, setValues] = useState<Values>(() => valuesOf(profile));
  const [saved, setSaved] = useState<Profile>(profile);
  const [emailSent, setEmailSent] = useState(false);

  const set = (field: keyof Values) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    edited(field);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void save({
      errors: userProblems(values),
      send: () =>
        api.profile.update({
          name: values.name.trim(),
          email: values.email.trim(),
          phone: phoneFromMasked(values.phone)!,
          birthday: values.birthday ? dateFromMasked(values.birthday) : null,
        }),
      done: (answer) => {
        const changed = answer.email.toLowerCase() !== saved.email.toLowerCase();
        setSaved(answer);
        setValues(valuesOf(answer));
        setEmailSent(changed);
        toast.show(changed ? EMAIL_CHANGED : PROFILE_SAVED, { kind: 'success' });
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
      <ProfileField id="name" label="Имя" required error={errors.name}>
        {(control) => (
          <input
            {...control}
            type="text"
            autoComplete="name"
            maxLength={100}
            value={values.name}
            onChange={(e) => set('name')(e.target.value)}
          />
        )}
      </ProfileField>
      <ProfileField
        id="email"
        label="E-mail"
        required
        error={errors.email}
        hint={
          emailSent
            ? 'Письмо для подтверждения отправлено на этот адрес'
            : saved.emailConfirmed
              ? 'Подтверждён'
              : 'Не подтверждён: перейдите по ссылке из письма'
        }
      >
        {(control) => (
          <input
            {...control}
            type="email"
            autoComplete="email"
            inputMode="email"
            maxLength={255}
            value={values.email}
            onChange={(e) => set('email')(e.target.value)}
          />
        )}
      </ProfileField>
      {!saved.emailConfirmed && (
        <div className="profile-form__aside">
          <ResendConfirmation />
        </div>
      )}
      <ProfileField id="phone" label="Телефон" required error={errors.phone}>
        {(control) => (
          <MaskedInput
            {...control}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            placeholder={PHONE_PLACEHOLDER}
            mask={PHONE_MASK}
            value={values.phone}
            onValueChange={set('phone')}
          />
        )}
      </ProfileField>
      <ProfileField id="birthday" label="Дата рождения" error={errors.birthday} hint="Например, 17.05.1990">
        {(control) => (
          <MaskedInput
            {...control}
            type="text"
            inputMode="numeric"
            autoComplete="bday"
            placeholder={DATE_PLACEHOLDER}
            mask={DATE_MASK}
            value={values.birthday}
            onValueChange={set('birthday')}
          />
        )}
      </ProfileField>
      <div className="profile-form__actions">
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? 'Сохраняем…' : 'Сохранить'}
        </button>
      </div>
    </form>
  );
}
