import { createContext, useId, type ReactNode } from 'react';
import { Dialog } from '../../ui/Dialog';
import { Captcha } from './Captcha';
import { FeedbackFooter } from './FeedbackFooter';
import { missingText, type FieldErrors } from './rules';
import type { SubmitPlan, useFeedbackForm } from './use-feedback-form';

/** What a dialog's fields take from their form: the ids' stem and the messages by field name. */
export const FeedbackFieldsContext = createContext<{ id: string; errors: FieldErrors }>({
  id: '',
  errors: {},
});

/** What opens and closes a feedback dialog: its owner's state. */
export interface FeedbackDialogProps {
  open: boolean;
  onClose: () => void;
}

interface FeedbackFormProps extends FeedbackDialogProps {
  form: ReturnType<typeof useFeedbackForm>;
  title: string;
  /** The form's own checks, the request and the reset after success. */
  plan: SubmitPlan;
  submitLabel: string;
  /** What the form still needs before it can be sent (the captcha's answer included), named for the reader. */
  missing: readonly string[];
  /** A sentence above the fields: what the form is for. */
  lead?: string;
  /** What stands above the lead (the stock notice names the product). */
  intro?: ReactNode;
  /** A class of the form's own beside `feedback-form`. */
  className?: string;
  children: ReactNode;
}

/**
 * The frame every feedback dialog shares: the dialog, the form, the failure, then the dialog's own fields,
 * the captcha and the send button with the consent under it.
 */
export function FeedbackForm({
  form,
  plan,
  submitLabel,
  missing,
  lead,
  intro,
  className,
  children,
  ...dialog
}: FeedbackFormProps) {
  const id = useId();
  return (
    <Dialog {...dialog}>
      <form
        ref={form.formRef}
        className={className ? `feedback-form ${className}` : 'feedback-form'}
        noValidate
        onSubmit={form.submit(plan)}
      >
        {intro}
        {lead && <p className="feedback-form__lead">{lead}</p>}
        {form.failure && (
          <p className="feedback-form__failure" role="alert" tabIndex={-1}>
            {form.failure}
          </p>
        )}
        <FeedbackFieldsContext.Provider value={{ id, errors: form.errors }}>
          {children}
        </FeedbackFieldsContext.Provider>
        <Captcha
          state={form.captcha}
          id={`${id}-captcha`}
          value={form.answer}
          onChange={form.setAnswer}
          error={form.errors.captchaPhrase}
        />
        <FeedbackFooter
          label={submitLabel}
          sending={form.sending}
          disabled={!form.canSend(!missing.length)}
          why={form.sending ? null : missingText(missing)}
          whyId={`${id}-why`}
        />
      </form>
    </Dialog>
  );
}
