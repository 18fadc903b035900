import { useId, useState } from 'react';
import { useApi } from '../../lib/browser-api';
import { Dialog } from '../../ui/Dialog';
import { Captcha } from './Captcha';
import { Field } from './Field';
import { FeedbackFooter } from './FeedbackFooter';
import { callbackErrors, callbackReady, type CallbackValues } from './rules';
import { useFeedbackForm } from './use-feedback-form';

export const CALLBACK_TITLE = 'Заказать звонок';
export const CALLBACK_SENT = 'Звонок успешно заказан!';

const EMPTY: CallbackValues = { name: '', phone: '' };

interface DialogProps {
  open: boolean;
  onClose: () => void;
}

/** «Заказать звонок» (spec §4, §5, §8): name, phone and the captcha; POST /api/feedback/call. */
export function CallbackDialog({ open, onClose }: DialogProps) {
  const api = useApi();
  const id = useId();
  const [values, setValues] = useState<CallbackValues>(EMPTY);
  const form = useFeedbackForm(open, onClose, CALLBACK_SENT);
  const set = (key: keyof CallbackValues) => (event: { target: { value: string } }) => {
    const value = event.target.value;
    setValues((v) => ({ ...v, [key]: value }));
    form.edited(key);
  };

  return (
    <Dialog open={open} onClose={onClose} title={CALLBACK_TITLE}>
      <form
        ref={form.formRef}
        className="feedback-form"
        noValidate
        onSubmit={form.submit({
          errors: callbackErrors(values),
          send: (captcha) =>
            api.feedback.call({ name: values.name.trim(), phone: values.phone.trim(), ...captcha }),
          reset: () => setValues(EMPTY),
        })}
      >
        <p className="feedback-form__lead">Оставьте имя и телефон — мы перезвоним вам.</p>
        {form.failure && (
          <p className="feedback-form__failure" role="alert" tabIndex={-1}>
            {form.failure}
          </p>
        )}
        <Field id={`${id}-name`} label="Имя" error={form.errors.name}>
          {(control) => (
            <input
              {...control}
              name="name"
              type="text"
              autoComplete="name"
              required
              value={values.name}
              onChange={set('name')}
              data-autofocus
            />
          )}
        </Field>
        <Field id={`${id}-phone`} label="Телефон" error={form.errors.phone}>
          {(control) => (
            <input
              {...control}
              name="phone"
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              placeholder="+7 900 000-00-00"
              required
              value={values.phone}
              onChange={set('phone')}
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
          label="Заказать звонок"
          sending={form.sending}
          disabled={!form.canSend(callbackReady(values, form.answer))}
        />
      </form>
    </Dialog>
  );
}
