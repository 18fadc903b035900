import { useEffect, useRef, useState, type FormEvent } from 'react';
import { apiErrorMessage, apiErrorStatus, apiFieldErrors } from '../../lib/browser-api';
import { useCaptcha } from './captcha';
import { useToast } from '../../ui/Toast';
import type { FieldErrors } from './rules';

export interface CaptchaAnswer {
  captchaId: string;
  captchaPhrase: string;
}

export interface SubmitPlan {
  /** The form's own checks; any message here stops the sending. */
  errors: FieldErrors;
  send: (captcha: CaptchaAnswer) => Promise<unknown>;
  /** Clears the form's fields after success. */
  reset: () => void;
}

/**
 * What the call-back and message dialogs share: the captcha and its answer, the sending, and what follows
 * (spec §8: on success a toast, the form cleared and the dialog closed; on failure the error is logged and
 * also shown, with what the visitor typed kept). The server checks the fields before the captcha and spends
 * the captcha once it has looked at it: a refused answer, or a failure of unknown extent (no answer, a
 * server error), clears the answer and fetches a new picture; a refused field or a rate limit keeps both.
 */
export function useFeedbackForm(open: boolean, onDone: () => void, successText: string) {
  const captcha = useCaptcha(open);
  const toast = useToast();
  const [answer, setAnswer] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const [attempt, setAttempt] = useState(0);

  // A closed dialog's picture is gone, and so is any answer to it; old messages would only confuse.
  useEffect(() => {
    if (open) return;
    setAnswer('');
    setErrors({});
    setFailure(null);
  }, [open]);

  // After a refused attempt the first field in error (or the message above the form) takes the focus.
  useEffect(() => {
    if (!attempt) return;
    const form = formRef.current;
    const target =
      form?.querySelector<HTMLElement>('[aria-invalid="true"]') ??
      form?.querySelector<HTMLElement>('.feedback-form__failure');
    target?.focus();
  }, [attempt]);

  const run = async (plan: SubmitPlan) => {
    if (sending) return;
    setFailure(null);
    if (Object.keys(plan.errors).length) {
      setErrors(plan.errors);
      setAttempt((n) => n + 1);
      return;
    }
    const current = captcha.captcha;
    if (!current) return;
    setErrors({});
    setSending(true);
    try {
      await plan.send({ captchaId: current.id, captchaPhrase: answer.trim() });
      plan.reset();
      setAnswer('');
      toast.show(successText, { kind: 'success' });
      onDone();
    } catch (error) {
      console.error('Feedback request failed', error);
      const fields = apiFieldErrors(error);
      const status = apiErrorStatus(error);
      setErrors(fields);
      const message = apiErrorMessage(error);
      // A message that already stands under its field is not repeated above the form.
      setFailure(Object.values(fields).includes(message) ? null : message);
      if (fields.captchaPhrase || status === undefined || status >= 500) {
        setAnswer('');
        captcha.refresh();
      }
      setAttempt((n) => n + 1);
    } finally {
      setSending(false);
    }
  };
  /** A field the visitor changes loses its old message (a counter or nothing shows again). */
  const edited = (field: string) =>
    setErrors((current) => {
      if (!current[field]) return current;
      const { [field]: _gone, ...rest } = current;
      return rest;
    });
  const submit = (plan: SubmitPlan) => (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void run(plan);
  };

  return {
    captcha,
    answer,
    setAnswer,
    errors,
    failure,
    sending,
    formRef,
    submit,
    edited,
    /** Ready to press: the caller's fields are filled and a picture is there to answer. */
    canSend: (filled: boolean) => filled && captcha.captcha !== null && !sending,
  };
}
