import { useId, useState } from 'react';
import { useApi } from '../../lib/browser-api';
import { Dialog } from '../../ui/Dialog';
import { MaskedInput, PHONE_MASK, PHONE_PLACEHOLDER, phoneFromMasked } from '../../ui/MaskedInput';
import { Captcha } from './Captcha';
import { Field } from './Field';
import { FeedbackFooter } from './FeedbackFooter';
import { EXPERIENCE_LENGTH, representErrors, representReady, type RepresentValues } from './rules';
import { useFeedbackForm } from './use-feedback-form';
import './feedback.css';

export const REPRESENT_TITLE = 'Стать представителем';
export const REPRESENT_SENT = 'Заявка отправлена! Менеджер свяжется с вами в течение рабочего дня.';

const EMPTY: RepresentValues = { name: '', city: '', phone: '', email: '', experience: '' };

interface DialogProps {
  open: boolean;
  onClose: () => void;
}

/**
 * «Стать представителем» (the home page's block): name, city, phone, e-mail, experience and the captcha;
 * POST /api/feedback/represent. Pressing the button gives the consent to processing of personal data, as
 * in the header's dialogs.
 */
export function RepresentDialog({ open, onClose }: DialogProps) {
  const api = useApi();
  const id = useId();
  const [values, setValues] = useState<RepresentValues>(EMPTY);
  const form = useFeedbackForm(open, onClose, REPRESENT_SENT);
  const change = (key: keyof RepresentValues, value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    form.edited(key);
  };
  const set = (key: keyof RepresentValues) => ({
    name: key,
    value: values[key],
    onChange: (event: { target: { value: string } }) => change(key, event.target.value),
  });
  const used = values.experience.trim().length;

  return (
    <Dialog open={open} onClose={onClose} title={REPRESENT_TITLE}>
      <form
        ref={form.formRef}
        className="feedback-form"
        noValidate
        onSubmit={form.submit({
          errors: representErrors(values),
          send: (captcha) =>
            api.feedback.represent({
              name: values.name.trim(),
              city: values.city.trim(),
              phone: phoneFromMasked(values.phone) ?? values.phone.trim(),
              email: values.email.trim(),
              experience: values.experience.trim(),
              ...captcha,
            }),
          reset: () => setValues(EMPTY),
        })}
      >
        <p className="feedback-form__lead">
          Расскажите о себе — менеджер свяжется с вами и расскажет об условиях для представителей.
        </p>
        {form.failure && (
          <p className="feedback-form__failure" role="alert" tabIndex={-1}>
            {form.failure}
          </p>
        )}
        <div className="feedback-form__pair">
          <Field id={`${id}-name`} label="Имя" error={form.errors.name}>
            {(control) => (
              <input {...control} {...set('name')} type="text" autoComplete="name" data-autofocus />
            )}
          </Field>
          <Field id={`${id}-city`} label="Город" error={form.errors.city}>
            {(control) => <input {...control} {...set('city')} type="text" autoComplete="address-level2" />}
          </Field>
        </div>
        <div className="feedback-form__pair">
          <Field id={`${id}-phone`} label="Телефон" error={form.errors.phone}>
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
                onValueChange={(value) => change('phone', value)}
              />
            )}
          </Field>
          <Field id={`${id}-email`} label="E-mail" error={form.errors.email}>
            {(control) => (
              <input {...control} {...set('email')} type="email" inputMode="email" autoComplete="email" />
            )}
          </Field>
        </div>
        <Field
          id={`${id}-experience`}
          label="Опыт работы"
          error={form.errors.experience}
          hint={
            <span className={used > EXPERIENCE_LENGTH.max ? 'feedback-field__over' : undefined}>
              {used} из {EXPERIENCE_LENGTH.max} символов
            </span>
          }
        >
          {(control) => (
            <textarea
              {...control}
              {...set('experience')}
              className={`${control.className} feedback-field__input--area`}
              placeholder="Мастер 3 года, своя студия"
              rows={3}
            />
          )}
        </Field>
        <Captcha
          state={form.captcha}
          id={`${id}-captcha`}
          value={form.answer}
          onChange={form.setAnswer}
          error={form.errors.captchaPhrase}
        />
        <FeedbackFooter
          label="Отправить заявку"
          sending={form.sending}
          disabled={!form.canSend(representReady(values, form.answer))}
        />
      </form>
    </Dialog>
  );
}

export default RepresentDialog;
