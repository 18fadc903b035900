import { useApi } from '../../lib/browser-api';
import { phoneFromMasked } from '../../ui/MaskedInput';
import { FeedbackField, FeedbackPhoneField, FeedbackTextArea } from './FeedbackField';
import { FeedbackForm, type FeedbackDialogProps } from './FeedbackForm';
import { EXPERIENCE_LENGTH, representErrors, representMissing, type RepresentValues } from './rules';
import { useFeedbackForm } from './use-feedback-form';
import { useFeedbackValues } from './use-feedback-values';
import './feedback.css';

export const REPRESENT_TITLE = 'Стать представителем';
export const REPRESENT_SENT = 'Заявка отправлена! Менеджер свяжется с вами в течение рабочего дня.';

const EMPTY: RepresentValues = { name: '', city: '', phone: '', email: '', experience: '' };

/**
 * «Стать представителем» (the home page's block): name, city, phone, e-mail, experience and the captcha;
 * POST /api/feedback/represent. Pressing the button gives the consent to processing of personal data, as
 * in the header's dialogs.
 */
export function RepresentDialog(dialog: FeedbackDialogProps) {
  const api = useApi();
  const form = useFeedbackForm(dialog.open, dialog.onClose, REPRESENT_SENT);
  const { values, change, input, reset } = useFeedbackValues(EMPTY, form.edited);

  return (
    <FeedbackForm
      {...dialog}
      form={form}
      title={REPRESENT_TITLE}
      lead="Расскажите о себе — менеджер свяжется с вами и расскажет об условиях для представителей."
      plan={{
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
        reset,
      }}
      submitLabel="Отправить заявку"
      missing={representMissing(values, form.answer)}
    >
      <div className="feedback-form__pair">
        <FeedbackField {...input('name')} label="Имя" type="text" autoComplete="name" data-autofocus />
        <FeedbackField {...input('city')} label="Город" type="text" autoComplete="address-level2" />
      </div>
      <div className="feedback-form__pair">
        <FeedbackPhoneField
          label="Телефон"
          value={values.phone}
          onValueChange={(value) => change('phone', value)}
        />
        <FeedbackField
          {...input('email')}
          label="E-mail"
          type="email"
          inputMode="email"
          autoComplete="email"
        />
      </div>
      <FeedbackTextArea
        {...input('experience')}
        label="Опыт работы"
        max={EXPERIENCE_LENGTH.max}
        placeholder="Мастер 3 года, своя студия"
        rows={3}
      />
    </FeedbackForm>
  );
}

export default RepresentDialog;
