import { useId, useState } from 'react';
import { useApi } from '../../lib/browser-api';
import { Dialog } from '../../ui/Dialog';
import { Captcha } from './Captcha';
import { Field } from './Field';
import { FeedbackFooter } from './FeedbackFooter';
import {
  MESSAGE_LENGTH,
  digitsOnly,
  joinedName,
  messageErrors,
  messageReady,
  type MessageValues,
} from './rules';
import { useFeedbackForm } from './use-feedback-form';

export const MESSAGE_TITLE = 'Написать нам';
export const MESSAGE_SENT = 'Ваше сообщение успешно отправлено!';

const EMPTY: MessageValues = { name: '', email: '', phone: '', message: '' };

interface DialogProps {
  open: boolean;
  onClose: () => void;
}

/**
 * «Написать нам» (spec §4, §5, §8): name, e-mail, phone (digits), the message with a counter and the captcha;
 * POST /api/feedback/write with the name, e-mail and phone joined with '+' as the name.
 */
export function MessageDialog({ open, onClose }: DialogProps) {
  const api = useApi();
  const id = useId();
  const [values, setValues] = useState<MessageValues>(EMPTY);
  const form = useFeedbackForm(open, onClose, MESSAGE_SENT);
  const set = (key: keyof MessageValues, clean: (v: string) => string = (v) => v) => ({
    name: key,
    value: values[key],
    onChange: (event: { target: { value: string } }) => {
      const value = clean(event.target.value);
      setValues((v) => ({ ...v, [key]: value }));
      form.edited(key);
    },
  });
  const used = values.message.trim().length;

  return (
    <Dialog open={open} onClose={onClose} title={MESSAGE_TITLE}>
      <form
        ref={form.formRef}
        className="feedback-form"
        noValidate
        onSubmit={form.submit({
          errors: messageErrors(values),
          send: (captcha) =>
            api.feedback.write({ name: joinedName(values), message: values.message.trim(), ...captcha }),
          reset: () => setValues(EMPTY),
        })}
      >
        {form.failure && (
          <p className="feedback-form__failure" role="alert" tabIndex={-1}>
            {form.failure}
          </p>
        )}
        <Field id={`${id}-name`} label="Имя" error={form.errors.name}>
          {(control) => (
            <input {...control} {...set('name')} type="text" autoComplete="name" required data-autofocus />
          )}
        </Field>
        <div className="feedback-form__pair">
          <Field id={`${id}-email`} label="E-mail" error={form.errors.email}>
            {(control) => <input {...control} {...set('email')} type="email" autoComplete="email" required />}
          </Field>
          <Field id={`${id}-phone`} label="Телефон" error={form.errors.phone}>
            {(control) => (
              <input
                {...control}
                {...set('phone', digitsOnly)}
                type="text"
                inputMode="numeric"
                pattern="[0-9]*"
                autoComplete="tel"
                placeholder="79000000000"
                required
              />
            )}
          </Field>
        </div>
        <Field
          id={`${id}-message`}
          label="Сообщение"
          error={form.errors.message}
          hint={
            <span className={used > MESSAGE_LENGTH.max ? 'feedback-field__over' : undefined}>
              {used} из {MESSAGE_LENGTH.max} символов
            </span>
          }
        >
          {(control) => (
            <textarea
              {...control}
              {...set('message')}
              className={`${control.className} feedback-field__input--area`}
              rows={4}
              required
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
          label="Отправить"
          sending={form.sending}
          disabled={!form.canSend(messageReady(values, form.answer))}
        />
      </form>
    </Dialog>
  );
}
