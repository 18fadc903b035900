import { useApi } from '../../lib/browser-api';
import { FeedbackField } from './FeedbackField';
import { FeedbackForm, type FeedbackDialogProps } from './FeedbackForm';
import { callbackErrors, callbackMissing, type CallbackValues } from './rules';
import { useFeedbackForm } from './use-feedback-form';
import { useFeedbackValues } from './use-feedback-values';

export const CALLBACK_TITLE = 'Заказать звонок';
export const CALLBACK_SENT = 'Звонок успешно заказан!';

const EMPTY: CallbackValues = { name: '', phone: '' };

/** «Заказать звонок» (spec §4, §5, §8): name, phone and the captcha; POST /api/feedback/call. */
export function CallbackDialog(dialog: FeedbackDialogProps) {
  const api = useApi();
  const form = useFeedbackForm(dialog.open, dialog.onClose, CALLBACK_SENT);
  const { values, input, reset } = useFeedbackValues(EMPTY, form.edited);

  return (
    <FeedbackForm
      {...dialog}
      form={form}
      title={CALLBACK_TITLE}
      lead="Оставьте имя и телефон — мы перезвоним вам."
      plan={{
        errors: callbackErrors(values),
        send: (captcha) =>
          api.feedback.call({ name: values.name.trim(), phone: values.phone.trim(), ...captcha }),
        reset,
      }}
      submitLabel="Заказать звонок"
      missing={callbackMissing(values, form.answer)}
    >
      <FeedbackField {...input('name')} label="Имя" type="text" autoComplete="name" required data-autofocus />
      <FeedbackField
        {...input('phone')}
        label="Телефон"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        placeholder="+7 900 000-00-00"
        required
      />
    </FeedbackForm>
  );
}
