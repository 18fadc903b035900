import { useApi } from '../../lib/browser-api';
import { FeedbackField, FeedbackTextArea } from './FeedbackField';
import { FeedbackForm, type FeedbackDialogProps } from './FeedbackForm';
import {
  MESSAGE_LENGTH,
  digitsOnly,
  joinedName,
  messageErrors,
  messageMissing,
  type MessageValues,
} from './rules';
import { useFeedbackForm } from './use-feedback-form';
import { useFeedbackValues } from './use-feedback-values';

export const MESSAGE_TITLE = 'Написать нам';
export const MESSAGE_SENT = 'Ваше сообщение успешно отправлено!';

const EMPTY: MessageValues = { name: '', email: '', phone: '', message: '' };

/**
 * «Написать нам» (spec §4, §5, §8): name, e-mail, phone (digits), the message with a counter and the captcha;
 * POST /api/feedback/write with the name, e-mail and phone joined with '+' as the name.
 */
export function MessageDialog(dialog: FeedbackDialogProps) {
  const api = useApi();
  const form = useFeedbackForm(dialog.open, dialog.onClose, MESSAGE_SENT);
  const { values, input, reset } = useFeedbackValues(EMPTY, form.edited);

  return (
    <FeedbackForm
      {...dialog}
      form={form}
      title={MESSAGE_TITLE}
      plan={{
        errors: messageErrors(values),
        send: (captcha) =>
          api.feedback.write({ name: joinedName(values), message: values.message.trim(), ...captcha }),
        reset,
      }}
      submitLabel="Отправить"
      missing={messageMissing(values, form.answer)}
    >
      <FeedbackField {...input('name')} label="Имя" type="text" autoComplete="name" required data-autofocus />
      <div className="feedback-form__pair">
        <FeedbackField {...input('email')} label="E-mail" type="email" autoComplete="email" required />
        <FeedbackField
          {...input('phone', digitsOnly)}
          label="Телефон"
          type="text"
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete="tel"
          placeholder="79000000000"
          required
        />
      </div>
      <FeedbackTextArea {...input('message')} label="Сообщение" max={MESSAGE_LENGTH.max} rows={4} required />
    </FeedbackForm>
  );
}
