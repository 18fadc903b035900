import { useEffect, useState } from 'react';
import { useApi } from '../../lib/browser-api';
import { FeedbackField, FeedbackPhoneField } from './FeedbackField';
import { FeedbackForm, type FeedbackDialogProps } from './FeedbackForm';
import { useFeedbackForm } from './use-feedback-form';
import { CAPTCHA_MISSING, type FieldErrors } from './rules';
import { phoneFromMasked } from '../../ui/MaskedInput';
import './feedback.css';

import { NOTIFY_LABEL } from './stock-notice-label';
import { noticePromise } from './stock-notice-words';
export const CONTACT_NEEDED = 'Укажите e-mail или телефон';
export const PHONE_INCOMPLETE = 'Введите номер полностью: +7 (900) 000-00-00';
export const EMAIL_INVALID = 'Проверьте e-mail: например, anna@mail.ru';

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
}: FeedbackDialogProps & {
  offerId: number;
  productTitle: string;
  /** "D 0,07 11 мм", or empty for a product of one variant. */
  variant: string;
  article: string;
  email: string | null;
  onSent: (promise: string) => void;
}) {
  const api = useApi();
  const [values, setValues] = useState<Values>({ email: email ?? '', phone: '' });
  // A sign-in after the page loaded (or another account) brings its address.
  useEffect(() => {
    if (email) setValues((v) => (v.email ? v : { ...v, email }));
  }, [email]);
  const sent = noticePromise(values.email, values.phone);
  const form = useFeedbackForm(open, onClose, sent);
  const set = (key: keyof Values) => (value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    form.edited(key);
    if (key === 'phone') form.edited('email');
  };
  const filled = values.email.trim() !== '' || values.phone.replace(/\D/g, '').length > 1;

  return (
    <FeedbackForm
      form={form}
      open={open}
      onClose={onClose}
      title={NOTIFY_LABEL}
      className="stock-notice"
      intro={
        <div className="stock-notice__what">
          <p className="stock-notice__product">{productTitle}</p>
          <p className="stock-notice__variant">
            {variant ? `${variant} · ` : ''}арт. {article}
          </p>
        </div>
      }
      lead="Оставьте e-mail или телефон — напишем один раз, когда этот вариант появится в наличии."
      plan={{
        errors: errorsOf(values),
        send: (captcha) =>
          api.catalog.notifyStock({
            offerId,
            email: values.email.trim() || null,
            phone: phoneFromMasked(values.phone),
            ...captcha,
          }),
        reset: () => onSent(sent),
      }}
      submitLabel="Сообщить мне"
      missing={[...(filled ? [] : ['e-mail или телефон']), ...(form.answer.trim() ? [] : [CAPTCHA_MISSING])]}
    >
      <FeedbackField
        name="email"
        label="E-mail"
        optional
        type="email"
        inputMode="email"
        autoComplete="email"
        placeholder="anna@mail.ru"
        value={values.email}
        onChange={(event) => set('email')(event.target.value)}
        data-autofocus
      />
      <FeedbackPhoneField
        label="или телефон для SMS"
        optional
        value={values.phone}
        onValueChange={set('phone')}
      />
    </FeedbackForm>
  );
}
