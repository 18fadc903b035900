import type { Profile } from '@shop/schemas';
import { useState, type FormEvent } from 'react';
import { useApi } from '../../lib/browser-api';
import { nameAndEmailErrors } from './auth-fields';
import {
  DATE_MASK,
  DATE_PLACEHOLDER,
  MaskedInput,
  dateFromMasked,
  dateToMasked,
  phoneFromMasked,
  phoneToMasked,
} from '../../ui/MaskedInput';
import { PhoneField, FormField } from '../../ui/FormField';
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
  const errors: FieldErrors = nameAndEmailErrors(v.name, v.email);
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
      <FormField id="name" label="Имя" required error={errors.name}>
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
      </FormField>
      <FormField
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
      </FormField>
      {!saved.emailConfirmed && (
        <div className="profile-form__aside">
          <ResendConfirmation />
        </div>
      )}
      <PhoneField value={values.phone} error={errors.phone} onValueChange={set('phone')} />
      <FormField id="birthday" label="Дата рождения" error={errors.birthday} hint="Например, 17.05.1990">
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
      </FormField>
      <div className="profile-form__actions">
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? 'Сохраняем…' : 'Сохранить'}
        </button>
      </div>
    </form>
  );
}
