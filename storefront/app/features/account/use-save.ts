import { useEffect, useRef, useState } from 'react';
import { useRevalidator } from 'react-router';
import { useToast } from '../../ui/Toast';
import { apiErrorMessage, apiFieldErrors } from '../../lib/browser-api';

export type FieldErrors = Record<string, string>;

interface SavePlan<T> {
  /** The form's own checks; any message here stops the sending. */
  errors: FieldErrors;
  send: () => Promise<T>;
  /** After the server accepted: a toast, new state; the pages' loaders then read the data again. */
  done: (answer: T) => void;
}

/**
 * What every account form shares: its own checks first, then the API call; the server's messages go under
 * their fields (or above the form when they name none), the first field in error takes the focus, and the
 * values typed stay. After a save the route's data is loaded again, so the page and the header agree.
 */
export function useSave() {
  const toast = useToast();
  const revalidator = useRevalidator();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (!attempt) return;
    const form = formRef.current;
    const target =
      form?.querySelector<HTMLElement>('[aria-invalid="true"]') ??
      form?.querySelector<HTMLElement>('.profile-form__failure');
    target?.focus();
  }, [attempt]);

  async function save<T>(plan: SavePlan<T>) {
    if (busy) return;
    setFailure(null);
    if (Object.keys(plan.errors).length) {
      setErrors(plan.errors);
      setAttempt((n) => n + 1);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const answer = await plan.send();
      plan.done(answer);
      void revalidator.revalidate();
    } catch (error) {
      console.error('Account form refused', error);
      const fields = apiFieldErrors(error);
      setErrors(fields);
      // The summary of a refusal only repeats what stands under the fields.
      setFailure(Object.keys(fields).length ? null : apiErrorMessage(error));
      setAttempt((n) => n + 1);
    } finally {
      setBusy(false);
    }
  }

  /** A field the customer changes loses its old message. */
  const edited = (field: string) =>
    setErrors((current) => {
      if (!current[field]) return current;
      const { [field]: _gone, ...rest } = current;
      return rest;
    });

  return { errors, failure, busy, formRef, save, edited, toast };
}
