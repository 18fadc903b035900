import { useEffect, useId, useState } from 'react';
import { useApi } from '../../lib/browser-api';
import { Dialog } from '../../ui/Dialog';
import { Captcha } from './Captcha';
import { FeedbackFooter } from './FeedbackFooter';
import { useFeedbackForm } from './use-feedback-form';
import type { FieldErrors } from './rules';
import { MaskedInput, PHONE_MASK, PHONE_PLACEHOLDER, phoneFromMasked } from '../../ui/MaskedInput';
import { FormField } from '../../ui/FormField';
import './feedback.css';

export const NOTIFY_LABEL = 'Сообщить о поступлении';
export const CONTACT_NEEDED = 'Укажите e-mail или телефон';
export const PHONE_INCOMPLETE = 'Введите номер полностью: +7 (900) 000-00-00';
export const EMAIL_INVALID = 'Проверьте e-mail: например, anna@mail.ru';

/** «Напишем на anna@mail.ru, как только товар появится» — what the shopper is promised. */
export function promise(email: string, phone: string): string {
  return email.trim()
    ? `Напишем на ${email.trim()}, как только товар появится`
    : `Пришлём SMS на ${phone}, как только товар появится`;
}

interface Values {
  email: string;
  phone: string;
}

function errorsOf(v: Values): FieldErrors {
  const errors: FieldErrors = {};
  const email = v.email.trim();
  const phone = v.phone.replace(/\D/g, '').length > 1 ? v.phone : '';
  if (!email && !phone) errors.email = CONTACT_NEEDED;
  if (email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) errors.email = EMAIL_INVALID;
  if (phone && !phoneFromMasked(phone)) errors.phone = PHONE_INCOMPLETE;
  return errors;
}

/**
 * «Сообщить о поступлении» of a sold-out variant: an e-mail or a phone (one is enough; a signed-in
 * shopper's e-mail is filled in), the captcha and the consent under the button, as the header's forms ask
 * them. POST /api/stock-notices; on success the toast and `onSent` carry the promise.
 */
export function StockNoticeDialog({
  open,
  onClose,
  offerId,
  productTitle,
  variant,
  article,
  email,
  onSent,
}: {
  open: boolean;
  onClose: () => void;
  offerId: number;
  productTitle: string;
  /** "D 0,07 11 мм", or empty for a product of one variant. */
  variant: string;
  article: string;
  email: string | null;
  onSent: (promise: string) => void;
}) {
  const api = useApi();
  const id = useId();
  const [values, setValues] = useState<Values>({ email: email ?? '', phone: '' });
  // A sign-in after the page loaded (or another account) brings its address.
  useEffect(() => {
    if (email) setValues((v) => (v.email ? v : { ...v, email }));
  }, [email]);
  const sent = promise(values.email, values.phone);
  const form = useFeedbackForm(open, onClose, sent);
  const set = (key: keyof Values) => (value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    form.edited(key);
    if (key === 'phone') form.edited('email');
  };
  const filled = values.email.trim() !== '' || values.phone.replace(/\D/g, '').length > 1;

  return (
    <Dialog open={open} onClose={onClose} title={NOTIFY_LABEL}>
      <form
        ref={form.formRef}
        className="feedback-form stock-notice"
        noValidate
        onSubmit={form.submit({
          errors: errorsOf(values),
          send: (captcha) =>
            api.catalog.notifyStock({
              offerId,
              email: values.email.trim() || null,
              phone: phoneFromMasked(values.phone),
              ...captcha,
            }),
          reset: () => onSent(sent),
        })}
      >
        <div className="stock-notice__what">
          <p className="stock-notice__product">{productTitle}</p>
          <p className="stock-notice__variant">
            {variant ? `${variant} · ` : ''}арт. {article}
          </p>
        </div>
        <p className="feedback-form__lead">
          Оставьте e-mail или телефон — напишем один раз, когда этот вариант появится в наличии.
        </p>
        {form.failure && (
          <p className="feedback-form__failure" role="alert" tabIndex={-1}>
            {form.failure}
          </p>
        )}
        <FormField id={`${id}-email`} label="E-mail" error={form.errors.email} block="feedback-field">
          {(control) => (
            <input
              {...control}
              name="email"
              type="email"
              inputMode="email"
              autoComplete="email"
              placeholder="anna@mail.ru"
              value={values.email}
              onChange={(event) => set('email')(event.target.value)}
              data-autofocus
            />
          )}
        </FormField>
        <FormField
          id={`${id}-phone`}
          label="или телефон для SMS"
          error={form.errors.phone}
          block="feedback-field"
        >
          {(control) => (
            <MaskedInput
              {...control}
              name="phone"
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              placeholder={PHONE_PLACEHOLDER}
              mask={PHONE_MASK}
              value={values.phone}
              onValueChange={set('phone')}
            />
          )}
        </FormField>
        <Captcha
          state={form.captcha}
          id={`${id}-captcha`}
          value={form.answer}
          onChange={form.setAnswer}
          error={form.errors.captchaPhrase}
        />
        <FeedbackFooter
          label="Сообщить мне"
          sending={form.sending}
          disabled={!form.canSend(filled && form.answer.trim() !== '')}
        />
      </form>
    </Dialog>
  );
}
